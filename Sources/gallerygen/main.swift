import Foundation
import GalleryCLI

exit(CommandLineTool().run(Array(CommandLine.arguments.dropFirst())))
