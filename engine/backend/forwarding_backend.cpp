#include "backend/forwarding_backend.hpp"

#include <type_traits>

namespace ts {

// A call added to Backend and not passed on above makes the wrapper abstract: stop here.
static_assert(!std::is_abstract_v<ForwardingBackend>, "ForwardingBackend must pass every Backend call on");

ForwardingBackend::ForwardingBackend(std::unique_ptr<Backend> inner) : owned_(std::move(inner)), inner_(*owned_) {}

ForwardingBackend::ForwardingBackend(Backend& inner) : inner_(inner) {}

}  // namespace ts
