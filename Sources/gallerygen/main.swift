import CAllocator
import CMimalloc
import Foundation
import GalleryCLI

// Process-wide settings belong to the executable, not to the library a program may embed.
// mimalloc serves malloc (linked, see CMimalloc); were it not so, glibc's allocator is tuned.
if !gg_use_mimalloc() {
    gg_tune_allocator()
}

var tool = CommandLineTool()
tool.handlesSignals = true
exit(tool.run(Array(CommandLine.arguments.dropFirst())))
