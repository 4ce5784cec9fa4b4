#pragma once
// What every program does first, before it opens a file or writes a byte (docs/cli.md, "Exit status").

namespace ts::app {

// Descriptors 0, 1 and 2 that the parent left closed (`2>&-`) are opened on /dev/null: otherwise
// the first file the program opens takes the number, and its progress text or the report meant
// for standard output lands in that file (a session, a report). And SIGPIPE is ignored: a reader
// of standard output or error that went away (`| head`) makes those writes fail with EPIPE,
// which the writers report, instead of killing the run with every other output unwritten.
void prepareStandardStreams();

}  // namespace ts::app
