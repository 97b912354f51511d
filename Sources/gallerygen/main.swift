import CAllocator
import Foundation
import GalleryCLI

// Process-wide settings belong to the executable, not to the library a program may embed.
gg_tune_allocator()

var tool = CommandLineTool()
tool.handlesSignals = true
exit(tool.run(Array(CommandLine.arguments.dropFirst())))
