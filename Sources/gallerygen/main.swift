import Foundation
import GalleryCLI

var tool = CommandLineTool()
tool.handlesSignals = true
exit(tool.run(Array(CommandLine.arguments.dropFirst())))
