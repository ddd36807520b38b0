#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif
import QuizCLI

exit(QuizCLI.main(CommandLine.arguments))
