import Foundation
import QuizCLI

exit(QuizCLI.main(CommandLine.arguments))
