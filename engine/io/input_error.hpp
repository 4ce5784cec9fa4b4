#pragma once
#include <stdexcept>
#include <string>

namespace ts {

// Bad input (a file, a folder, a flag value): the message names the file and the problem.
class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace ts
