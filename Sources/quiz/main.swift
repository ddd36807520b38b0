import QuizCLI

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

exit(QuizCLI.main(CommandLine.arguments))
