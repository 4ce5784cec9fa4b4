// SimBackend::chaseSequence: an explicit address list through the simulated hierarchy.
#include <string>

#include "backend/eviction_test.hpp"
#include "backend/sequence_chase.hpp"
#include "backend/sequence_layout.hpp"
#include "sim/load_noise.hpp"
#include "backend/rng.hpp"
#include "sim/sim_backend.hpp"

namespace ts {
namespace {

constexpr std::uint64_t kSequenceBase = 1ull << 40;   // the main chaser's array, as in chase()
constexpr std::uint64_t kMaxSequenceOffset = 1ull << 41;
constexpr std::size_t kMaxSequenceLoads = std::size_t{1} << 26;
// The period of the translation walks' memory, as the CUDA backend maps it. The simulated caches
// see the walk's addresses, not their place in that memory; the layout check below makes sure a
// walk never needs the difference (no two of its lines share memory beyond the visits a line has).
constexpr std::uint64_t kAliasPeriod = 1ull << 30;

}  // namespace

void SimBackend::validateSequence(const SequenceChase& r, bool chain) {
    if (r.space == Space::Shared || r.space == Space::Lds) reject("sequence chase: scratchpad spaces have no caches");
    if (!supports(r.space))
        reject("sequence chase: space \"" + std::string(toString(r.space)) + "\" is not supported on " +
               std::string(toString(profile_.vendor)) + " GPUs");
    if (r.offsets.empty()) reject("sequence chase: no addresses");
    if (r.offsets.size() + r.otherOffsets.size() > kMaxSequenceLoads) reject("sequence chase: too many loads");
    if (r.timedFrom > r.offsets.size()) reject("sequence chase: timedFrom beyond the sequence");
    if (r.unit < 0 || r.unit >= profile_.unitCount()) reject("sequence chase: unit " + std::to_string(r.unit) + " out of range");
    if (r.otherUnit >= profile_.unitCount()) reject("sequence chase: other unit out of range");
    // The space a (test) subclass may have narrowed, as the benchmarks saw it.
    const TranslationWalkSpace walks = r.translationWalk ? translationWalkSpace(r.space)
                                                         : TranslationWalkSpace{};
    if (chain) checkSequence(r, "sim", walks.period);  // the visit limit a GPU chain has
    const std::uint64_t limit =
        walks.period > 0 ? std::min(kMaxSequenceOffset, walks.maxBytes) : std::min(kMaxSequenceOffset, maxArrayBytes(r.space));
    for (const auto* list : {&r.offsets, &r.otherOffsets})
        for (std::uint64_t offset : *list)
            if (offset >= limit) reject("sequence chase: offset " + std::to_string(offset) + " beyond the array limit");
}

TranslationWalkSpace SimBackend::translationWalkSpace(Space space) {
    if (!supports(space) || space == Space::Shared || space == Space::Lds || space == Space::Constant) return {};
    return {kMaxSequenceOffset, kAliasPeriod};
}

ChaseResult SimBackend::chaseSequence(const SequenceChase& r) {
    validateSequence(r, true);
    return runSequence(r);
}

std::uint32_t SimBackend::evictionTest(const EvictionTest& t) {
    if (t.lineBytes == 0 || t.passes == 0) reject("eviction test: malformed test");
    const SequenceChase r = evictionSequence(t);
    validateSequence(r, false);
    return runSequence(r).latencies.back();
}

ChaseResult SimBackend::runSequence(const SequenceChase& r) {
    const std::uint64_t seed = nextSeed();
    hierarchy_.reset(seed);
    sim_detail::LoadNoise noise(profile_.noise, sim_detail::mixSeed(seed, 0x6e6f697365));
    ChaseResult result;
    result.ranOnUnit = profile_.physicalUnit(r.unit);
    result.untimedWatched = true;
    const sim_detail::LoadPath main = hierarchy_.path(r.space, r.unit, 0);
    for (std::uint32_t i = 0; i < r.timedFrom; ++i) main.load(kSequenceBase + r.offsets[i]);
    if (r.otherUnit >= 0) {
        result.secondRanOnUnit = profile_.physicalUnit(r.otherUnit);
        const sim_detail::LoadPath other = hierarchy_.path(r.space, r.otherUnit, 0);
        for (std::uint64_t offset : r.otherOffsets) other.load(kSequenceBase + offset);
    }
    result.latencies.reserve(r.offsets.size() - r.timedFrom);
    for (std::size_t i = r.timedFrom; i < r.offsets.size(); ++i)
        result.latencies.push_back(noise.apply(main.load(kSequenceBase + r.offsets[i])));
    return result;
}

}  // namespace ts
