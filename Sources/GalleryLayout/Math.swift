// The only file that touches the C math library, so the rest of the module stays standard-library
// Swift. The standard library has no trigonometry of its own.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@inline(__always) func sine(_ x: Double) -> Double { sin(x) }
@inline(__always) func cosine(_ x: Double) -> Double { cos(x) }
@inline(__always) func arcTangent(_ x: Double) -> Double { atan(x) }
@inline(__always) func arcTangent2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
