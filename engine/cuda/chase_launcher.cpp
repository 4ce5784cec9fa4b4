#include "cuda/chase_launcher.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <iterator>
#include <numeric>
#include <optional>
#include <set>
#include <string>

#include "backend/chase_check.hpp"
#include "cuda/cuda_error.hpp"

namespace ts::cuda {
namespace {

using namespace cudak;

constexpr std::size_t kArrayAlign = std::size_t{2} << 20;  // every chase array starts on a 2 MiB page
constexpr std::uint64_t kIndexLimitBytes = 0xFFFFFFFCull * 4;  // 32-bit element indices
constexpr double kSecondsPerLoad = 1e-6;  // pessimistic: a TLB-missing DRAM load is well below this
constexpr int kMaxAttempts = 5;

std::optional<std::uint32_t> spaceCode(Space s) {
    switch (s) {
        case Space::Global: return kGlobal;
        case Space::GlobalL2: return kGlobalL2;
        case Space::ReadOnly: return kReadOnly;
        case Space::Texture: return kTexture;
        case Space::Constant: return kConstant;
        case Space::Shared: return kShared;
        default: return std::nullopt;
    }
}

bool isGlobalFamily(std::uint32_t code) {
    return code == kGlobal || code == kGlobalL2 || code == kReadOnly || code == kTexture;
}

// The block read's self-check: the sum (mod 2^32) of every `every`-th word, `passes` times, of an
// array whose word i holds (i + stride) mod elems. Unsigned arithmetic wraps, which keeps the
// low 32 bits exact.
std::uint32_t blockReadSum(std::uint64_t elems, std::uint64_t stride, std::uint64_t every, std::uint64_t passes) {
    const std::uint64_t s = stride % elems;
    const std::uint64_t count = loadsPerPass(elems, every);
    const std::uint64_t pairs = count % 2 == 0 ? (count / 2) * (count - 1) : count * ((count - 1) / 2);
    const std::uint64_t firstWrap = (elems - s + every - 1) / every;  // first read whose i + stride reaches elems
    const std::uint64_t wraps = count > firstWrap ? count - firstWrap : 0;
    return static_cast<std::uint32_t>((every * pairs + count * s - wraps * elems) * passes);
}

std::size_t align16(std::size_t v) { return roundUp(v, 16); }

// Rounds of module launches (modules 1..M in order, M = modules the array spans) that a constant
// second chaser of `loads` loads needs: a new round starts each time the chain wraps to a lower module.
std::uint32_t externalRounds(std::uint32_t elems, std::uint32_t stride, std::uint32_t loads) {
    if (loads == 0) return 0;
    if (loads > (1u << 24))  // too long to simulate: one round per wrap is an upper bound
        return static_cast<std::uint32_t>(std::min<std::uint64_t>(
            (static_cast<std::uint64_t>(loads - 1) * stride) / elems + 1, 1u << 20));
    std::uint32_t rounds = 1;
    std::uint64_t j = 0;
    std::uint32_t module = 0;
    for (std::uint32_t k = 0; k < loads; ++k) {
        const std::uint32_t m = static_cast<std::uint32_t>(j / kConstBankElems);
        if (m < module) ++rounds;
        module = m;
        j = (j + stride) % elems;
    }
    return rounds;
}

}  // namespace

bool ChaseLauncher::Plan::mainInArena() const { return isGlobalFamily(space); }
bool ChaseLauncher::Plan::secondInArena() const {
    return mode != kNoSecond && mode != kExternal && !sameArray && isGlobalFamily(secondSpace);
}

std::int64_t ChaseLauncher::Plan::bank0Stride() const {
    if (space == kConstant) return stride;
    if (secondSpace == kConstant && mode != kNoSecond && mode != kExternal) return secondStride;
    return -1;
}

ChaseLimits ChaseLauncher::limitsOf(const GpuContext& ctx) {
    const auto& lim = ctx.limits();
    const std::uint64_t global = std::min<std::uint64_t>(kIndexLimitBytes, lim.totalGlobalBytes / 2 / 4 * 4);
    ChaseLimits out;
    out.backend = "cuda";
    for (Space s : {Space::Global, Space::GlobalL2, Space::ReadOnly}) out.set(s, global, true);
    out.set(Space::Texture, std::min<std::uint64_t>(global, lim.texture1DLinearElems * 4));
    out.set(Space::Constant, std::uint64_t{kConstBankElems} * 4);
    out.set(Space::Shared, lim.sharedOptinBytes);
    out.secondConstantBytes = std::uint64_t{kConstBankElems} * 4 * kConstModules;
    out.scratchpadBytesPerBlock = lim.sharedOptinBytes;
    out.units = ctx.smCount();
    out.warpsPerBlock = 32;
    return out;
}

std::uint64_t ChaseLauncher::planSecondChaser(const ChaseRequest& r, Plan& p) const {
    std::uint64_t localSharedWords = 0;  // a separate shared array of a second chaser in the main block
    const SecondChaser& s = *r.second;
    p.secondSpace = *spaceCode(s.space);
    p.sameArray = s.sameArray;
    const SecondArray array = secondArrayOf(r);
    p.secondStride = static_cast<std::uint32_t>(array.strideBytes / 4);
    switch (s.placement) {
        case Placement::SameThread: p.mode = kSameThread; break;
        case Placement::OtherWarp: p.mode = kOtherWarp; break;
        case Placement::OtherUnit: p.mode = kOtherUnit; break;
    }
    if (s.placement == Placement::OtherWarp) p.secondWarp = static_cast<std::uint32_t>(s.warp);
    if (s.placement == Placement::OtherUnit) p.secondUnit = s.unit;
    if (s.blockRead) p.secondBlockPasses = s.passes;
    if (s.sameArray) {
        p.secondElems = p.elems;
        p.secondDelta = static_cast<std::uint32_t>(
            ((static_cast<std::uint64_t>(p.secondStride) % p.elems) + p.elems - (p.stride % p.elems)) % p.elems);
    } else {
        p.secondElems = static_cast<std::uint32_t>(s.arrayBytes / 4);
        // A constant second chaser next to a constant main chaser needs banks of its own: the
        // extra modules, whose kernels run beside the chase kernel. Beside any other main
        // chaser it walks bank 0 in the chase kernel itself when its array fits there: a
        // module kernel starting on the SM would invalidate the L1 under test.
        if (p.secondSpace == kConstant &&
            (p.space == kConstant || s.arrayBytes > std::uint64_t{kConstBankElems} * 4 ||
             s.placement == Placement::OtherUnit))
            p.mode = kExternal;
        if (p.secondSpace == kShared && (p.mode == kSameThread || p.mode == kOtherWarp))
            localSharedWords = p.secondElems;
    }
    p.secondLoads = walkLoads(s.passes, p.secondElems, p.secondStride);
    if (p.secondLoads == 0) p.mode = kNoSecond;
    if (p.mode == kExternal) p.externalRounds = externalRounds(p.secondElems, p.secondStride, p.secondLoads);
    return localSharedWords;
}

void ChaseLauncher::planSharedMemory(const ChaseRequest& r, Plan& p, std::uint64_t localSharedWords) const {
    // Dynamic shared memory: [main array | latencies] then a local second array.
    std::uint64_t words = 0;
    if (p.space == kShared) {
        words = p.elems;
        p.timesOffset = 0;
    } else {
        p.timesOffset = 0;
        words = p.recordLoads;
    }
    words = roundUp(words, 4);
    if (localSharedWords) {
        p.secondSharedOffset = static_cast<std::uint32_t>(words);
        words += localSharedWords;
    } else if (p.mode == kSameThread || p.mode == kOtherWarp) {
        p.secondSharedOffset = 0;  // sameArray in shared: the main array itself
    }
    std::uint64_t smem = words * 4;
    if (p.mode == kOtherUnit && p.secondSpace == kShared && !p.sameArray) {
        p.secondSharedOffset = 0;  // in the second block's own shared memory
        smem = std::max<std::uint64_t>(smem, std::uint64_t{p.secondElems} * 4);
    }
    const std::uint64_t optin = ctx_.limits().sharedOptinBytes;
    if (smem > optin)
        throw BackendError("the chase needs " + formatBytes(smem) + " of shared memory per block (" +
                           (p.space == kShared ? "arrays" : "4 B per recorded load plus shared arrays") + "), more than the " +
                           formatBytes(optin) + " a block can have: " + describeChase(r));
    p.smemBytes = smem;
}

ChaseLauncher::Plan ChaseLauncher::plan(const ChaseRequest& r, std::size_t index) const {
    checkChaseRequest(r, limits_);
    const auto code = spaceCode(r.space);
    Plan p;
    p.request = index;
    p.space = *code;
    p.elems = static_cast<std::uint32_t>(r.arrayBytes / 4);
    p.stride = static_cast<std::uint32_t>((r.permutationStepBytes ? r.permutationStepBytes : r.strideBytes) / 4);
    p.warmStride = r.strideBytes / 4;
    if (r.blockWarmup) p.blockWarmupPasses = r.warmupPasses;
    else p.warmupLoads = walkLoads(r.warmupPasses, p.elems, p.warmStride);
    p.blockWarmupStores = r.storeWarmup;
    p.recordLoads = r.recordLoads;
    p.recordEvery = r.recordEvery;
    p.cold = r.warmupPasses == 0 || r.flushL2First;
    p.unit = r.unit;
    p.placementOffset = r.placementOffsetBytes;

    const std::uint64_t localSharedWords = r.second ? planSecondChaser(r, p) : 0;
    planSharedMemory(r, p, localSharedWords);
    const double walkedBySecond = p.secondBlockPasses ? 0 : p.secondLoads;
    p.estimateSeconds =
        (static_cast<double>(p.warmupLoads) + static_cast<double>(p.recordLoads) * p.recordEvery + walkedBySecond) *
            kSecondsPerLoad +
        (static_cast<double>(p.blockWarmupPasses) * p.elems + static_cast<double>(p.secondBlockPasses) * p.secondElems) *
            4 / 50e9;  // one SM reads at tens of GB/s at most
    return p;
}

std::vector<ChaseResult> ChaseLauncher::run(const std::vector<ChaseRequest>& requests) {
    const auto started = std::chrono::steady_clock::now();
    struct AddWall {
        std::chrono::steady_clock::time_point t;
        double& total;
        ~AddWall() { total += std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count(); }
    } addWall{started, ctx_.stats().chaseWallSeconds};
    ctx_.enter();
    ctx_.useChaseL2Fetch();
    std::vector<Plan> plans;
    plans.reserve(requests.size());
    for (std::size_t i = 0; i < requests.size(); ++i) plans.push_back(plan(requests[i], i));

    // Launch groups: each SM hosts one request per launch; constant banks hold one stride at a
    // time; shared-memory chases (large dynamic smem, less L1) do not mix with the others.
    struct Group {
        std::vector<Plan> plans;
        std::set<int> units;
        bool sharedMain = false;
        std::int64_t bank0Stride = -1;
        std::int64_t moduleStride = -1;
        std::uint32_t textureMains = 0;
    };
    std::vector<Group> groups;
    const int smCount = ctx_.smCount();
    for (Plan& p : plans) {
        const bool sharedMain = p.space == kShared;
        const bool usesBank0 = p.bank0Stride() >= 0;
        const bool textureMain = p.space == kTexture;
        const bool external = p.mode == kExternal;
        const int secondUnit = (p.mode == kOtherUnit || (external && p.secondUnit >= 0)) ? p.secondUnit : -1;
        Group* target = nullptr;
        int unit = p.unit;
        for (Group& g : groups) {
            if (g.plans.size() >= kMaxJobs || g.sharedMain != sharedMain) continue;
            if (usesBank0 && g.bank0Stride >= 0 && g.bank0Stride != p.bank0Stride()) continue;
            if (textureMain && g.textureMains >= kTexSlots) continue;
            if (external && g.moduleStride >= 0 && g.moduleStride != p.secondStride) continue;
            int u = unit;
            if (u < 0) {
                for (int c = 0; c < smCount && u < 0; ++c)
                    if (!g.units.count(c) && c != secondUnit) u = c;
                if (u < 0) continue;
            }
            if (g.units.count(u)) continue;
            if (secondUnit >= 0 && secondUnit != u && g.units.count(secondUnit)) continue;
            target = &g;
            unit = u;
            break;
        }
        if (!target) {
            groups.emplace_back();
            target = &groups.back();
            target->sharedMain = sharedMain;
            if (unit < 0) unit = secondUnit == 0 && smCount > 1 ? 1 : 0;
        }
        p.unit = unit;
        target->units.insert(unit);
        if (secondUnit >= 0) target->units.insert(secondUnit);
        if (usesBank0) target->bank0Stride = p.bank0Stride();
        if (textureMain) ++target->textureMains;
        if (external) target->moduleStride = p.secondStride;
        target->plans.push_back(p);
    }

    std::vector<ChaseResult> results(requests.size());
    for (Group& g : groups) runGroup(g.plans, results);
    return results;
}

void ChaseLauncher::runGroup(std::vector<Plan>& group, std::vector<ChaseResult>& out) {
    std::map<int, int> rolesPerSm;
    for (const Plan& p : group) {
        ++rolesPerSm[p.unit];
        if (p.mode == kOtherUnit) ++rolesPerSm[p.secondUnit];
    }
    int maxRoles = 1;
    for (const auto& [sm, n] : rolesPerSm) maxRoles = std::max(maxRoles, n);
    unsigned factor = static_cast<unsigned>(2 * maxRoles);
    std::vector<Plan> pending = group;
    std::string failure;
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
        std::vector<std::size_t> missed;
        try {
            missed = launchOnce(pending, factor, out, failure);
        } catch (...) {
            // Whatever was queued may have left arrays and banks half written.
            initialized_.clear();
            bank0Stride_ = -1;
            moduleStride_ = -1;
            moduleCount_ = 0;
            throw;
        }
        if (missed.empty()) return;
        std::vector<Plan> again;
        for (std::size_t i : missed) again.push_back(pending[i]);
        pending = std::move(again);
        ++ctx_.stats().placementRetries;
        factor = std::min(factor * 2, 32u);
    }
    throw BackendError("chase could not run after " + std::to_string(kMaxAttempts) + " launches: " + failure);
}

std::vector<std::size_t> ChaseLauncher::launchOnce(std::vector<Plan>& group, unsigned gridFactor,
                                                   std::vector<ChaseResult>& out, std::string& failure) {
    Staging staging = placeArrays(group);
    stageInits(group, staging);
    const JobTables tables = buildJobs(group, staging);
    const IoLayout io = uploadAndInit(tables, staging);
    const std::uint32_t epoch = ctx_.nextEpoch();
    launchAndWait(tables, staging, io, gridFactor, epoch);
    return collectResults(group, tables, io, epoch, out, failure);
}

// Arena layout: 2 MiB-aligned arrays, one after the other (a main array not before its placement
// offset). A grown arena holds no array yet.
ChaseLauncher::Staging ChaseLauncher::placeArrays(const std::vector<Plan>& group) {
    const std::size_t n = group.size();
    Staging staging;
    staging.mainOff.assign(n, 0);
    staging.secondOff.assign(n, 0);
    std::size_t cursor = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const Plan& p = group[i];
        if (p.mainInArena()) {
            cursor = std::max(cursor, roundUp(static_cast<std::size_t>(p.placementOffset), kArrayAlign));
            staging.mainOff[i] = cursor;
            cursor += roundUp(std::size_t{p.elems} * 4, kArrayAlign);
        }
        if (p.secondInArena()) {
            staging.secondOff[i] = cursor;
            cursor += roundUp(std::size_t{p.secondElems} * 4, kArrayAlign);
        }
    }
    DeviceBuffer& arena = ctx_.arena();
    arena.reserve(std::max<std::size_t>(cursor, kArrayAlign), std::size_t{64} << 20, "chase arrays");
    if (arena.generation() != arenaGeneration_) {
        initialized_.clear();
        ctx_.textures().clear();
        arenaGeneration_ = arena.generation();
    }
    if (ctx_.textures().size() > 4096) ctx_.textures().clear();
    return staging;
}

// The arrays that need (re)initialising, the constant banks to upload, and what the launch as a
// whole needs (warps, shared memory, the longest job's time).
void ChaseLauncher::stageInits(const std::vector<Plan>& group, Staging& staging) {
    DeviceBuffer& arena = ctx_.arena();
    auto needArray = [&](std::size_t off, std::uint32_t elems, std::uint32_t stride) {
        auto it = initialized_.find(off);
        if (it != initialized_.end() && it->second == std::make_pair(elems, stride)) return;
        const std::size_t end = off + std::size_t{elems} * 4;
        for (auto e = initialized_.begin(); e != initialized_.end();) {
            const std::size_t eEnd = e->first + std::size_t{e->second.first} * 4;
            if (e->first < end && off < eEnd) e = initialized_.erase(e);
            else ++e;
        }
        for (const InitRegion& r : staging.regions)
            if (r.ptr == reinterpret_cast<std::uint64_t>(arena.data() + off)) return;
        staging.regions.push_back(InitRegion{reinterpret_cast<std::uint64_t>(arena.data() + off), elems, stride, 0, 0});
        staging.maxInitElems = std::max(staging.maxInitElems, elems);
        initialized_[off] = {elems, stride};
    };
    for (std::size_t i = 0; i < group.size(); ++i) {
        const Plan& p = group[i];
        if (p.mainInArena()) needArray(staging.mainOff[i], p.elems, p.stride);
        if (p.secondInArena()) needArray(staging.secondOff[i], p.secondElems, p.secondStride);
        if (p.bank0Stride() >= 0) staging.bank0Stride = p.bank0Stride();
        if (p.mode == kExternal) {
            staging.anyExternal = true;
            staging.moduleStride = p.secondStride;
            staging.modulesNeeded =
                std::max(staging.modulesNeeded, (p.secondElems + kConstBankElems - 1) / kConstBankElems);
            staging.maxRounds = std::max(staging.maxRounds, p.externalRounds);
        }
        staging.anyCold = staging.anyCold || p.cold;
        if (p.mode == kOtherWarp) staging.maxWarp = std::max(staging.maxWarp, p.secondWarp);
        // The block warm-up and the block read read with 1024 threads (the launch's block size).
        if (p.blockWarmupPasses || p.secondBlockPasses) staging.maxWarp = 31;
        staging.smem = std::max(staging.smem, p.smemBytes);
        staging.estimate = std::max(staging.estimate, p.estimateSeconds);
    }
    staging.uploadBank0 = staging.bank0Stride >= 0 && staging.bank0Stride != bank0Stride_;
    staging.uploadModules =
        staging.anyExternal && (staging.moduleStride != moduleStride_ || moduleCount_ < staging.modulesNeeded);
    if (staging.uploadBank0) {
        staging.regions.push_back(InitRegion{reinterpret_cast<std::uint64_t>(ctx_.bank0Staging()), kConstBankElems,
                                             static_cast<std::uint32_t>(staging.bank0Stride), 1, 0});
        staging.maxInitElems = std::max(staging.maxInitElems, kConstBankElems);
    }
    if (staging.uploadModules) {
        const std::uint32_t elems = staging.modulesNeeded * kConstBankElems;
        staging.regions.push_back(InitRegion{reinterpret_cast<std::uint64_t>(ctx_.moduleStaging()), elems,
                                             static_cast<std::uint32_t>(staging.moduleStride), 1, 0});
        staging.maxInitElems = std::max(staging.maxInitElems, elems);
    }
}

// The job table and the role tables: which SM runs which main chaser, second chaser or module.
ChaseLauncher::JobTables ChaseLauncher::buildJobs(const std::vector<Plan>& group, const Staging& staging) {
    const std::size_t n = group.size();
    const int rows = ctx_.smRows();
    DeviceBuffer& arena = ctx_.arena();
    JobTables t;
    t.jobs.resize(n);
    t.roleTable.assign(static_cast<std::size_t>(rows) * kRoleSlots, -1);
    t.moduleTable.assign(staging.anyExternal ? t.roleTable.size() : 0, -1);
    auto addRole = [&](std::vector<int>& table, int sm, int code) {
        for (std::uint32_t k = 0; k < kRoleSlots; ++k) {
            int& slot = table[static_cast<std::size_t>(sm) * kRoleSlots + k];
            if (slot < 0) {
                slot = code;
                return;
            }
        }
        throw BackendError("internal error: more than 4 chasers assigned to SM " + std::to_string(sm));
    };
    t.resultWords = static_cast<std::uint32_t>(n * sizeof(JobHeader) / 4);
    std::uint32_t texSlots = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const Plan& p = group[i];
        ChaseJob& j = t.jobs[i];
        std::memset(&j, 0, sizeof j);
        j.space = p.space;
        j.elems = p.elems;
        j.strideElems = p.stride;
        j.warmupLoads = p.warmupLoads;
        j.recordLoads = p.recordLoads;
        j.recordEvery = p.recordEvery;
        j.blockWarmupPasses = p.blockWarmupPasses;
        j.blockWarmupStores = p.blockWarmupStores ? 1u : 0u;
        j.warmStrideElems = p.warmStride;
        j.resultOffset = t.resultWords;
        t.resultWords += p.recordLoads;
        j.targetSm = ctx_.physicalSm(p.unit);
        if (p.mainInArena()) {
            std::byte* base = arena.data() + staging.mainOff[i];
            j.mainPtr = reinterpret_cast<std::uint64_t>(base);
            if (p.space == kTexture) {
                if (texSlots >= kTexSlots) throw BackendError("internal error: more than 16 texture chasers in one launch");
                j.mainTex = ctx_.textures().get(base, std::size_t{p.elems} * 4);
                j.texSlot = texSlots;
                t.texHandles[texSlots++] = j.mainTex;
            }
        }
        j.secondMode = p.mode;
        j.secondSpace = p.secondSpace;
        j.secondElems = p.secondElems;
        j.secondDelta = p.sameArray ? p.secondDelta : 0;
        j.secondLoads = p.secondLoads;
        j.secondWarp = p.secondWarp;
        j.secondSm = p.secondUnit >= 0 ? ctx_.physicalSm(p.secondUnit) : -1;
        j.secondSharedOffset = p.secondSharedOffset;
        j.secondStrideElems = p.secondStride;
        j.secondSameArray = p.sameArray ? 1 : 0;
        j.secondBlockPasses = p.mode == kOtherUnit ? p.secondBlockPasses : 0;
        if (p.mode != kNoSecond && isGlobalFamily(p.secondSpace)) {
            std::byte* base = arena.data() + (p.sameArray ? staging.mainOff[i] : staging.secondOff[i]);
            j.secondPtr = reinterpret_cast<std::uint64_t>(base);
            if (p.secondSpace == kTexture) j.secondTex = ctx_.textures().get(base, std::size_t{p.secondElems} * 4);
        }
        j.timesOffset = p.timesOffset;
        j.timingsInShared = p.space == kShared ? 0 : 1;
        const int code = static_cast<int>(i) * 4;
        addRole(t.roleTable, j.targetSm, code + kRoleMain);
        if (p.mode == kOtherUnit) addRole(t.roleTable, j.secondSm, code + kRoleSecond);
        if (p.mode == kExternal) addRole(t.moduleTable, p.secondUnit >= 0 ? j.secondSm : j.targetSm, static_cast<int>(i));
    }
    return t;
}

// One upload (jobs, tables, init regions), then the initialisation, the constant banks and,
// before cold chases, the L2 flush, all on the main stream.
ChaseLauncher::IoLayout ChaseLauncher::uploadAndInit(const JobTables& t, const Staging& staging) {
    cudaStream_t stream = ctx_.mainStream();
    auto& stats = ctx_.stats();
    IoLayout io;
    io.roles = align16(io.jobs + t.jobs.size() * sizeof(ChaseJob));
    io.modules = align16(io.roles + t.roleTable.size() * sizeof(int));
    io.regions = align16(io.modules + t.moduleTable.size() * sizeof(int));
    io.results = align16(io.regions + staging.regions.size() * sizeof(InitRegion));
    io.resultBytes = std::size_t{t.resultWords} * 4;
    const std::size_t total = io.results + io.resultBytes;
    ctx_.io().reserve(total, std::size_t{1} << 20, "chase job tables and results");
    ctx_.hostIo().reserve(total, "chase job tables and results");
    std::byte* host = ctx_.hostIo().data();
    std::byte* dev = ctx_.io().data();
    std::memcpy(host + io.jobs, t.jobs.data(), t.jobs.size() * sizeof(ChaseJob));
    std::memcpy(host + io.roles, t.roleTable.data(), t.roleTable.size() * sizeof(int));
    if (!t.moduleTable.empty()) std::memcpy(host + io.modules, t.moduleTable.data(), t.moduleTable.size() * sizeof(int));
    if (!staging.regions.empty())
        std::memcpy(host + io.regions, staging.regions.data(), staging.regions.size() * sizeof(InitRegion));
    check(cudaMemcpyAsync(dev, host, io.results, cudaMemcpyHostToDevice, stream), "uploading chase jobs");

    if (!staging.regions.empty()) {
        check(launchInit(reinterpret_cast<const InitRegion*>(dev + io.regions),
                         static_cast<unsigned>(staging.regions.size()), staging.maxInitElems, stream),
              "initialising chase arrays");
        ++stats.initLaunches;
    }
    if (staging.uploadBank0) {
        check(uploadConstBank0(ctx_.bank0Staging(), std::size_t{kConstBankElems} * 4, stream), "filling constant bank 0");
        bank0Stride_ = staging.bank0Stride;
        ++stats.constUploads;
    }
    if (staging.uploadModules) {
        for (std::uint32_t m = 0; m < staging.modulesNeeded; ++m) {
            check(constModule(static_cast<int>(m))
                      .upload(ctx_.moduleStaging() + std::size_t{m} * kConstBankElems, std::size_t{kConstBankElems} * 4,
                              stream),
                  "filling an extra constant bank");
            ++stats.constUploads;
        }
        moduleStride_ = staging.moduleStride;
        moduleCount_ = staging.modulesNeeded;
    }
    if (staging.anyCold) ctx_.enqueueL2Flush(stream);
    return io;
}

// The chase kernel, the constant-module kernels beside it, the download of the results, and the
// wait for all of it under the watchdog (a hang loses the context: every later call fails too).
void ChaseLauncher::launchAndWait(const JobTables& t, const Staging& staging, const IoLayout& io, unsigned gridFactor,
                                  std::uint32_t epoch) {
    cudaStream_t stream = ctx_.mainStream();
    auto& stats = ctx_.stats();
    std::byte* host = ctx_.hostIo().data();
    std::byte* dev = ctx_.io().data();
    const int rows = ctx_.smRows();
    const std::uint64_t waitNs = static_cast<std::uint64_t>((2.0 + staging.estimate) * 1e9);
    ChaseLaunch P{};
    P.jobs = reinterpret_cast<const ChaseJob*>(dev + io.jobs);
    P.roleTable = reinterpret_cast<const int*>(dev + io.roles);
    P.ctl = ctx_.ctl();
    P.results = reinterpret_cast<std::uint32_t*>(dev + io.results);
    P.nJobs = static_cast<std::uint32_t>(t.jobs.size());
    P.tableRows = static_cast<std::uint32_t>(rows);
    P.epoch = epoch;
    P.waitNs = waitNs;
    std::copy(std::begin(t.texHandles), std::end(t.texHandles), std::begin(P.texHandles));
    const unsigned grid = std::min<unsigned>(gridFactor * static_cast<unsigned>(ctx_.smCount()), kMaxBlocks);
    const unsigned block = 32u * (staging.maxWarp + 1);
    if (staging.anyExternal) {
        check(cudaEventRecord(ctx_.uploadedEvent(), stream), "recording an event");
        check(cudaStreamWaitEvent(ctx_.sideStream(), ctx_.uploadedEvent(), 0), "ordering the module stream");
    }
    check(cudaEventRecord(ctx_.startEvent(), stream), "recording an event");
    check(launchChase(P, grid, block, staging.smem, stream), "launching the chase kernel");
    check(cudaEventRecord(ctx_.stopEvent(), stream), "recording an event");
    ++stats.chaseLaunches;
    if (staging.anyExternal) {
        // Module kernels run beside the chase kernel, in sequence, while it waits after its warm-up.
        for (std::uint32_t round = 0; round < staging.maxRounds; ++round) {
            for (std::uint32_t m = 0; m < staging.modulesNeeded; ++m) {
                ModuleLaunch M{};
                M.jobs = P.jobs;
                M.roleTable = reinterpret_cast<const int*>(dev + io.modules);
                M.ctl = ctx_.ctl();
                M.tableRows = static_cast<std::uint32_t>(rows);
                M.claimEpoch = ctx_.nextEpoch();
                M.flagEpoch = epoch;
                M.firstElem = m * kConstBankElems;
                M.elemCount = kConstBankElems;
                M.waitNs = waitNs;
                check(constModule(static_cast<int>(m)).launch(M, grid, staging.smem, ctx_.sideStream()),
                      "launching a constant module");
                ++stats.moduleLaunches;
            }
        }
        check(cudaEventRecord(ctx_.sideDoneEvent(), ctx_.sideStream()), "recording an event");
        check(cudaStreamWaitEvent(stream, ctx_.sideDoneEvent(), 0), "joining the module stream");
    }
    check(cudaMemcpyAsync(host + io.results, dev + io.results, io.resultBytes, cudaMemcpyDeviceToHost, stream),
          "downloading chase results");
    check(cudaEventRecord(ctx_.doneEvent(), stream), "recording an event");
    try {
        waitForEvent(ctx_.doneEvent(), 10.0 + 2.0 * staging.estimate, "pointer chase");
    } catch (const BackendError& e) {
        ctx_.markBroken(e.what());
        throw BackendError(e.what(), true);  // the context is gone: later calls fail too
    }
    float kernelMs = 0;
    if (cudaEventElapsedTime(&kernelMs, ctx_.startEvent(), ctx_.stopEvent()) == cudaSuccess)
        stats.chaseKernelSeconds += kernelMs * 1e-3;
}

// Each job's header: did its block run where planned (else it is placed again), did its second
// chaser hand over, did both walks end where the array says; then its latencies.
std::vector<std::size_t> ChaseLauncher::collectResults(const std::vector<Plan>& group, const JobTables& t,
                                                       const IoLayout& io, std::uint32_t epoch,
                                                       std::vector<ChaseResult>& out, std::string& failure) {
    std::vector<std::size_t> missed;
    const std::byte* host = ctx_.hostIo().data();
    const auto* headers = reinterpret_cast<const JobHeader*>(host + io.results);
    const auto* words = reinterpret_cast<const std::uint32_t*>(host + io.results);
    for (std::size_t i = 0; i < group.size(); ++i) {
        const Plan& p = group[i];
        const JobHeader& h = headers[i];
        const int sm = t.jobs[i].targetSm;
        if (h.epoch != epoch) {
            missed.push_back(i);
            failure = "no block of the launch ran on SM " + std::to_string(sm) + " (unit " + std::to_string(p.unit) + ")";
            continue;
        }
        if (h.status & (kStatusSecondNotPlaced | kStatusSecondTimeout | kStatusSecondNoWarm)) {
            missed.push_back(i);
            const int where = p.mode == kOtherUnit || (p.mode == kExternal && p.secondUnit >= 0)
                                  ? ctx_.physicalSm(p.secondUnit)
                                  : sm;
            if (h.status & kStatusSecondNotPlaced)
                failure = std::string(p.mode == kExternal ? "the constant-module chaser" : "the second chaser") +
                          " never started on SM " + std::to_string(where);
            else
                failure = "the second chaser on SM " + std::to_string(where) +
                          " did not hand over in time (kernels not running concurrently?)";
            continue;
        }
        if (h.smid != sm)
            throw BackendError("internal error: job for SM " + std::to_string(sm) + " ran on SM " + std::to_string(h.smid));
        const std::uint32_t expected =
            static_cast<std::uint32_t>((static_cast<std::uint64_t>(p.recordLoads) * p.recordEvery * p.stride) % p.elems);
        if (h.finalIndex != expected)
            throw BackendError("chase self-check failed on SM " + std::to_string(sm) + ": the timed pass ended at index " +
                               std::to_string(h.finalIndex) + " instead of " + std::to_string(expected) +
                               " (array contents wrong or stale)");
        if (p.mode == kOtherUnit && p.secondBlockPasses) {
            // The array's words hold i + (the main stride) when the block read the main array.
            const std::uint32_t expected2 = blockReadSum(p.secondElems, p.sameArray ? p.stride : p.secondStride,
                                                         p.secondStride, p.secondBlockPasses);
            if (h.secondFinal != expected2)
                throw BackendError("second-chaser self-check failed on SM " + std::to_string(h.secondSmid) +
                                   ": the words its block read add up to " + std::to_string(h.secondFinal) +
                                   " instead of " + std::to_string(expected2) + " (array contents wrong or stale)");
        } else if (p.mode != kNoSecond) {
            const std::uint32_t expected2 = static_cast<std::uint32_t>(
                (static_cast<std::uint64_t>(p.secondLoads) * p.secondStride) % p.secondElems);
            if (h.secondFinal != expected2)
                throw BackendError("second-chaser self-check failed on SM " + std::to_string(h.secondSmid) +
                                   ": its walk ended at index " + std::to_string(h.secondFinal) + " instead of " +
                                   std::to_string(expected2) + " (array or constant bank contents wrong or stale)");
        }
        ChaseResult& r = out[p.request];
        const std::uint32_t* lat = words + t.jobs[i].resultOffset;
        r.latencies.assign(lat, lat + p.recordLoads);
        r.ranOnUnit = h.smid;
        r.secondRanOnUnit = p.mode == kNoSecond ? -1 : h.secondSmid;
        r.untimedWatched = p.mode == kNoSecond || p.mode == kSameThread;
        r.maxUntimedStep = h.maxUntimedStep;
    }
    return missed;
}

std::vector<std::uint32_t> ChaseLauncher::timerOverhead(int samples) {
    ctx_.enter();
    if (samples <= 0) return {};
    const std::size_t bytes = static_cast<std::size_t>(samples) * 4;
    ctx_.io().reserve(bytes, std::size_t{1} << 20, "timer samples");
    ctx_.hostIo().reserve(bytes, "timer samples");
    auto* dev = reinterpret_cast<std::uint32_t*>(ctx_.io().data());
    cudaStream_t stream = ctx_.mainStream();
    check(launchTimerOverhead(dev, static_cast<std::uint32_t>(samples), stream), "launching the timer-overhead kernel");
    check(cudaMemcpyAsync(ctx_.hostIo().data(), dev, bytes, cudaMemcpyDeviceToHost, stream), "downloading timer samples");
    check(cudaEventRecord(ctx_.doneEvent(), stream), "recording an event");
    try {
        waitForEvent(ctx_.doneEvent(), 10.0, "timer overhead");
    } catch (const BackendError& e) {
        ctx_.markBroken(e.what());
        throw BackendError(e.what(), true);  // the context is gone: later calls fail too
    }
    const auto* h = reinterpret_cast<const std::uint32_t*>(ctx_.hostIo().data());
    return std::vector<std::uint32_t>(h, h + samples);
}

}  // namespace ts::cuda
