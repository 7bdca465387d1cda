// cooperative_groups.h: CUDA's Cooperative Groups: the thread block, the grid (with grid-wide
// sync), tiles of a compile-time size (thread_block_tile<N>: within a warp, shuffles, votes and
// match; wider, sync and reduce), runtime-sized tiles, the coalesced group of the threads active
// at a point, and the free functions sync, thread_rank, group_size, num_threads. Reductions are
// in cooperative_groups/reduce.h, which this header includes.
//
// A grid's sync is a barrier on a counter in global memory: it needs every block of the grid
// resident, which a cooperative launch (cudaLaunchCooperativeKernel, cuLaunchCooperativeKernel)
// guarantees and checks. grid_group::is_valid() cannot tell a cooperative launch from another
// here and says true.
#ifndef _COOPERATIVE_GROUPS_H_
#define _COOPERATIVE_GROUPS_H_

#if defined(__cplusplus) && defined(__CUDA__) && defined(__clang__)

#include <type_traits>

namespace cooperative_groups {

namespace details {

// The lane (linear thread rank modulo the warp) and the lanes below it (%lanemask_lt).
static __inline__ __device__ unsigned int laneid() { return __nvvm_read_ptx_sreg_laneid(); }
static __inline__ __device__ unsigned int lanemask_lt() { return __nvvm_read_ptx_sreg_lanemask_lt(); }

static __inline__ __device__ unsigned int block_rank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
static __inline__ __device__ unsigned int block_size() { return blockDim.x * blockDim.y * blockDim.z; }

// The lane of the n-th (from 0) set bit of mask, or 32 when mask has n bits or fewer.
static __inline__ __device__ unsigned int nth_set_lane(unsigned int mask, unsigned int n) {
  for (unsigned int lane = 0; lane < 32; ++lane) {
    if (mask & (1u << lane)) {
      if (n == 0)
        return lane;
      --n;
    }
  }
  return 32;
}
// The bits of value at the set bits of mask, packed to the low end in order (ballots of a
// coalesced group are indexed by rank, not by lane).
static __inline__ __device__ unsigned int compact(unsigned int mask, unsigned int value) {
  unsigned int out = 0, bit = 0;
  for (unsigned int lane = 0; lane < 32; ++lane) {
    if (mask & (1u << lane)) {
      out |= ((value >> lane) & 1u) << bit;
      ++bit;
    }
  }
  return out;
}

// Types the warp shuffles take as they are; other trivially copyable types travel in 32-bit
// pieces.
template <typename T> struct shuffles_directly {
  static constexpr bool value = std::is_integral<T>::value || std::is_floating_point<T>::value;
};
#if defined(__CUDA_FP16_TYPES_EXIST__)
template <> struct shuffles_directly<__half> { static constexpr bool value = true; };
template <> struct shuffles_directly<__half2> { static constexpr bool value = true; };
#endif
#if defined(__CUDA_BF16_TYPES_EXIST__)
template <> struct shuffles_directly<__nv_bfloat16> { static constexpr bool value = true; };
template <> struct shuffles_directly<__nv_bfloat162> { static constexpr bool value = true; };
#endif

template <typename T, typename Shuffle>
static __inline__ __device__ T shuffle_pieces(const T &value, Shuffle shuffle) {
  static_assert(std::is_trivially_copyable<T>::value, "a shuffled type must be trivially copyable");
  if constexpr (shuffles_directly<T>::value && sizeof(T) != 1 && sizeof(T) != 2) {
    return shuffle(value);
  } else if constexpr (sizeof(T) <= 4) {
    unsigned int word = 0;
    __builtin_memcpy(&word, &value, sizeof(T));
    word = shuffle(word);
    T out;
    __builtin_memcpy(&out, &word, sizeof(T));
    return out;
  } else {
    constexpr unsigned int words = (sizeof(T) + 3) / 4;
    unsigned int buffer[words] = {};
    __builtin_memcpy(buffer, &value, sizeof(T));
    for (unsigned int i = 0; i < words; ++i)
      buffer[i] = shuffle(buffer[i]);
    T out;
    __builtin_memcpy(&out, buffer, sizeof(T));
    return out;
  }
}

// The counter behind grid_group::sync(): one per translation unit; every barrier adds 2^31 in
// total (the first block 2^31 - (blocks - 1), the others 1 each), so bit 31 flips exactly when
// the last block arrives and the low bits are back where they were for the next barrier.
static __device__ unsigned int grid_barrier_counter;

static __inline__ __device__ void sync_grid() {
  __syncthreads();
  if (block_rank() == 0) {
    const unsigned int blocks = gridDim.x * gridDim.y * gridDim.z;
    const bool first = blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0;
    const unsigned int add = first ? 0x80000000u - (blocks - 1u) : 1u;
    __threadfence(); // this block's writes before its arrival
    const unsigned int old = atomicAdd(&grid_barrier_counter, add);
    while (((old ^ atomicAdd(&grid_barrier_counter, 0u)) & 0x80000000u) == 0u) {
    }
    __threadfence(); // the other blocks' writes after the barrier
  }
  __syncthreads();
}

enum group_kind : unsigned int { kind_block, kind_grid, kind_tile, kind_coalesced, kind_thread };

} // namespace details

// A group of threads whose kind is known at run time (what tiled_partition(parent, n) returns,
// and what every other group converts to).
class thread_group {
protected:
  details::group_kind kind_;
  unsigned int size_;      // threads in the group (tiles, coalesced groups)
  unsigned int rank_;      // this thread's rank in it
  unsigned int mask_;      // its lanes in this warp (tiles of at most 32, coalesced groups)
  unsigned int meta_rank_; // which tile of the parent (tiles)
  unsigned int meta_size_; // how many tiles the parent has (tiles)

  __device__ thread_group(details::group_kind kind, unsigned int size, unsigned int rank, unsigned int mask,
                          unsigned int meta_rank = 0, unsigned int meta_size = 1)
      : kind_(kind), size_(size), rank_(rank), mask_(mask), meta_rank_(meta_rank), meta_size_(meta_size) {}

public:
  __device__ unsigned long long num_threads() const {
    switch (kind_) {
    case details::kind_block: return details::block_size();
    case details::kind_grid:
      return (unsigned long long)details::block_size() * gridDim.x * gridDim.y * gridDim.z;
    default: return size_;
    }
  }
  __device__ unsigned long long size() const { return num_threads(); }
  __device__ unsigned long long thread_rank() const {
    switch (kind_) {
    case details::kind_block: return details::block_rank();
    case details::kind_grid: {
      const unsigned long long block = ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
      return block * details::block_size() + details::block_rank();
    }
    default: return rank_;
    }
  }
  __device__ void sync() const {
    switch (kind_) {
    case details::kind_block: __syncthreads(); break;
    case details::kind_grid: details::sync_grid(); break;
    case details::kind_thread: break;
    default:
      // A tile larger than a warp spans whole warps of the block: the block barrier covers it.
      if (size_ > 32)
        __syncthreads();
      else
        __syncwarp(mask_);
      break;
    }
  }
  __device__ unsigned int get_type() const { return kind_; }
  __device__ unsigned int meta_group_rank() const { return meta_rank_; }
  __device__ unsigned int meta_group_size() const { return meta_size_; }
};

template <unsigned int MaxBlockSize = 1024> struct block_tile_memory;

// The threads of this block.
class thread_block : public thread_group {
  friend __device__ thread_block this_thread_block();
  template <unsigned int MaxBlockSize> friend __device__ thread_block this_thread_block(block_tile_memory<MaxBlockSize> &);
  __device__ thread_block() : thread_group(details::kind_block, 0, 0, 0) {}

public:
  static __device__ void sync() { __syncthreads(); }
  static __device__ unsigned int thread_rank() { return details::block_rank(); }
  static __device__ unsigned int size() { return details::block_size(); }
  static __device__ unsigned int num_threads() { return details::block_size(); }
  static __device__ dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  static __device__ dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  static __device__ dim3 dim_threads() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  static __device__ dim3 group_dim() { return dim_threads(); }
};
__device__ inline thread_block this_thread_block() { return thread_block(); }

// The scratch space CUDA gives tiles wider than a warp on GPUs before sm_80. Here those tiles
// need none beyond what cg::reduce declares itself, so it is accepted and left unused.
template <unsigned int MaxBlockSize> struct block_tile_memory {
  static_assert(MaxBlockSize >= 1 && MaxBlockSize <= 1024, "block_tile_memory: at most 1024 threads");
  unsigned int unused;
};
template <unsigned int MaxBlockSize>
__device__ inline thread_block this_thread_block(block_tile_memory<MaxBlockSize> &) {
  return thread_block();
}

// The threads of this grid.
class grid_group : public thread_group {
  friend __device__ grid_group this_grid();
  __device__ grid_group() : thread_group(details::kind_grid, 0, 0, 0) {}

public:
  static __device__ bool is_valid() { return true; }
  static __device__ void sync() { details::sync_grid(); }
  static __device__ unsigned long long num_blocks() {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  static __device__ unsigned long long block_rank() {
    return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  }
  static __device__ unsigned long long num_threads() { return num_blocks() * details::block_size(); }
  static __device__ unsigned long long size() { return num_threads(); }
  static __device__ unsigned long long thread_rank() {
    return block_rank() * details::block_size() + details::block_rank();
  }
  static __device__ dim3 group_dim() { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  static __device__ dim3 dim_blocks() { return group_dim(); }
  static __device__ dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  static __device__ dim3 dim_threads() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
};
__device__ inline grid_group this_grid() { return grid_group(); }

namespace details {
// Warp-level operations over the lanes of mask, ranks being lanes from base_lane.
class warp_lanes {
protected:
  unsigned int mask_, base_lane_, width_;
  __device__ warp_lanes(unsigned int mask, unsigned int base_lane, unsigned int width)
      : mask_(mask), base_lane_(base_lane), width_(width) {}
};
} // namespace details

// A tile of N threads (a power of two up to 1024) of consecutive ranks in its parent block.
// Tiles of up to 32 threads live in one warp and have the warp operations (shuffles, votes,
// match); a wider tile is whole warps: its sync is the block's barrier (so all of the block's
// tiles must sync together, as they do when the block runs one code path), and cg::reduce
// combines its warps' results through shared memory.
template <unsigned int N, typename Parent = void> class thread_block_tile;

template <unsigned int N> class thread_block_tile<N, void> : public thread_group {
  static_assert(N >= 1 && N <= 1024 && (N & (N - 1)) == 0,
                "thread_block_tile<N>: N must be a power of two from 1 to 1024");
  static constexpr bool in_one_warp = N <= 32;

protected:
  static __device__ unsigned int tile_mask() {
    const unsigned int lane = details::laneid();
    return N >= 32 ? 0xffffffffu : ((1u << N) - 1u) << (lane & ~(N - 1u));
  }

public:
  __device__ thread_block_tile()
      : thread_group(details::kind_tile, N, details::block_rank() & (N - 1u), tile_mask(),
                     details::block_rank() / N, (details::block_size() + N - 1u) / N) {}

  static constexpr __device__ unsigned int size() { return N; }
  static constexpr __device__ unsigned int num_threads() { return N; }
  __device__ unsigned int thread_rank() const { return rank_; }
  __device__ void sync() const {
    if constexpr (in_one_warp)
      __syncwarp(mask_);
    else
      __syncthreads();
  }
  __device__ unsigned int meta_group_rank() const { return meta_rank_; }
  __device__ unsigned int meta_group_size() const { return meta_size_; }

  template <typename T> __device__ T shfl(const T &var, int src_rank) const {
    static_assert(in_one_warp, "thread_block_tile<N>::shfl: only tiles of at most 32 threads shuffle");
    const unsigned int mask = mask_;
    return details::shuffle_pieces(var, [mask, src_rank](auto v) { return __shfl_sync(mask, v, src_rank, (int)N); });
  }
  template <typename T> __device__ T shfl_down(const T &var, unsigned int delta) const {
    static_assert(in_one_warp, "thread_block_tile<N>::shfl_down: only tiles of at most 32 threads shuffle");
    const unsigned int mask = mask_;
    return details::shuffle_pieces(var, [mask, delta](auto v) { return __shfl_down_sync(mask, v, delta, (int)N); });
  }
  template <typename T> __device__ T shfl_up(const T &var, unsigned int delta) const {
    static_assert(in_one_warp, "thread_block_tile<N>::shfl_up: only tiles of at most 32 threads shuffle");
    const unsigned int mask = mask_;
    return details::shuffle_pieces(var, [mask, delta](auto v) { return __shfl_up_sync(mask, v, delta, (int)N); });
  }
  template <typename T> __device__ T shfl_xor(const T &var, unsigned int lane_mask) const {
    static_assert(in_one_warp, "thread_block_tile<N>::shfl_xor: only tiles of at most 32 threads shuffle");
    const unsigned int mask = mask_;
    return details::shuffle_pieces(var, [mask, lane_mask](auto v) {
      return __shfl_xor_sync(mask, v, (int)lane_mask, (int)N);
    });
  }
  __device__ int any(int predicate) const {
    static_assert(in_one_warp, "thread_block_tile<N>::any: only tiles of at most 32 threads vote");
    return __any_sync(mask_, predicate);
  }
  __device__ int all(int predicate) const {
    static_assert(in_one_warp, "thread_block_tile<N>::all: only tiles of at most 32 threads vote");
    return __all_sync(mask_, predicate);
  }
  // Bit i is rank i's predicate.
  __device__ unsigned int ballot(int predicate) const {
    static_assert(in_one_warp, "thread_block_tile<N>::ballot: only tiles of at most 32 threads vote");
    const unsigned int lanes = __ballot_sync(mask_, predicate);
    return N == 32 ? lanes : (lanes >> (details::laneid() & ~(N - 1u))) & ((1u << N) - 1u);
  }
  template <typename T> __device__ unsigned int match_any(T value) const {
    static_assert(in_one_warp, "thread_block_tile<N>::match_any: only tiles of at most 32 threads match");
    const unsigned int lanes = __match_any_sync(mask_, value);
    return N == 32 ? lanes : (lanes >> (details::laneid() & ~(N - 1u))) & ((1u << N) - 1u);
  }
  template <typename T> __device__ unsigned int match_all(T value, int &pred) const {
    static_assert(in_one_warp, "thread_block_tile<N>::match_all: only tiles of at most 32 threads match");
    const unsigned int lanes = __match_all_sync(mask_, value, &pred);
    return N == 32 ? lanes : (lanes >> (details::laneid() & ~(N - 1u))) & ((1u << N) - 1u);
  }
};

namespace details {
// The size of a parent that is itself a tile of a compile-time size (0 for other parents).
template <typename Parent> struct static_tile_size { static constexpr unsigned int value = 0; };
template <unsigned int M, typename P> struct static_tile_size<thread_block_tile<M, P>> {
  static constexpr unsigned int value = M;
};
} // namespace details

// A tile made from a known parent: its meta group is counted within that parent (the tiles of
// 4 in a tile of 32 are numbered 0 to 7).
template <unsigned int N, typename Parent> class thread_block_tile : public thread_block_tile<N, void> {
public:
  __device__ thread_block_tile() : thread_block_tile<N, void>() {
    constexpr unsigned int parent_size = details::static_tile_size<Parent>::value;
    if constexpr (parent_size != 0) {
      static_assert(parent_size >= N, "tiled_partition<N>: a tile cannot be larger than its parent tile");
      this->meta_rank_ = (details::block_rank() & (parent_size - 1u)) / N;
      this->meta_size_ = parent_size / N;
    }
  }
};

// tiled_partition<N>(parent): this thread's tile of N.
template <unsigned int N, typename Parent>
__device__ thread_block_tile<N, Parent> tiled_partition(const Parent &) {
  return thread_block_tile<N, Parent>();
}

// This thread alone.
__device__ inline thread_block_tile<1, void> this_thread() { return thread_block_tile<1, void>(); }

// The threads of this warp that are active here (at the point it is made).
class coalesced_group : public thread_group {
  friend __device__ coalesced_group coalesced_threads();
  __device__ explicit coalesced_group(unsigned int mask)
      : thread_group(details::kind_coalesced, (unsigned int)__builtin_popcount(mask),
                     (unsigned int)__builtin_popcount(mask & details::lanemask_lt()), mask) {}

public:
  __device__ unsigned int size() const { return size_; }
  __device__ unsigned int num_threads() const { return size_; }
  __device__ unsigned int thread_rank() const { return rank_; }
  __device__ void sync() const { __syncwarp(mask_); }
  __device__ unsigned int meta_group_rank() const { return 0; }
  __device__ unsigned int meta_group_size() const { return 1; }

  template <typename T> __device__ T shfl(const T &var, unsigned int src_rank) const {
    const unsigned int mask = mask_;
    const unsigned int lane = details::nth_set_lane(mask, src_rank);
    return details::shuffle_pieces(var, [mask, lane](auto v) { return __shfl_sync(mask, v, (int)lane, 32); });
  }
  // Past the group's end a thread gets its own value back.
  template <typename T> __device__ T shfl_down(const T &var, unsigned int delta) const {
    const unsigned int mask = mask_;
    unsigned int lane = details::nth_set_lane(mask, rank_ + delta);
    if (lane >= 32)
      lane = details::laneid();
    return details::shuffle_pieces(var, [mask, lane](auto v) { return __shfl_sync(mask, v, (int)lane, 32); });
  }
  template <typename T> __device__ T shfl_up(const T &var, unsigned int delta) const {
    const unsigned int mask = mask_;
    const unsigned int lane = delta <= rank_ ? details::nth_set_lane(mask, rank_ - delta) : details::laneid();
    return details::shuffle_pieces(var, [mask, lane](auto v) { return __shfl_sync(mask, v, (int)lane, 32); });
  }
  __device__ int any(int predicate) const { return __any_sync(mask_, predicate); }
  __device__ int all(int predicate) const { return __all_sync(mask_, predicate); }
  __device__ unsigned int ballot(int predicate) const {
    return details::compact(mask_, __ballot_sync(mask_, predicate));
  }
  template <typename T> __device__ unsigned int match_any(T value) const {
    return details::compact(mask_, __match_any_sync(mask_, value));
  }
  template <typename T> __device__ unsigned int match_all(T value, int &pred) const {
    return details::compact(mask_, __match_all_sync(mask_, value, &pred));
  }
};
__device__ inline coalesced_group coalesced_threads() { return coalesced_group(__activemask()); }

namespace details {
// A runtime-sized tile (a power of two): within a warp it is a set of lanes; larger tiles are
// whole warps, synchronized by the block barrier.
class runtime_tile : public thread_group {
public:
  __device__ runtime_tile(unsigned int parent_rank, unsigned int parent_size, unsigned int tile_size)
      : thread_group(kind_tile, tile_size, parent_rank & (tile_size - 1u),
                     tile_size >= 32 ? 0xffffffffu
                                     : ((1u << tile_size) - 1u) << (laneid() & ~(tile_size - 1u)),
                     parent_rank / tile_size, (parent_size + tile_size - 1u) / tile_size) {}
};
} // namespace details

// tiled_partition(parent, n): this thread's tile of n threads (a power of two) of the block.
__device__ inline thread_group tiled_partition(const thread_block &, unsigned int tile_size) {
  return details::runtime_tile(details::block_rank(), details::block_size(), tile_size);
}
__device__ inline thread_group tiled_partition(const thread_group &parent, unsigned int tile_size) {
  return details::runtime_tile((unsigned int)parent.thread_rank(), (unsigned int)parent.num_threads(), tile_size);
}

// The free functions over any group.
template <typename Group> __device__ void sync(const Group &g) { g.sync(); }
template <typename Group> __device__ unsigned long long thread_rank(const Group &g) { return g.thread_rank(); }
template <typename Group> __device__ unsigned long long group_size(const Group &g) { return g.num_threads(); }
template <typename Group> __device__ unsigned long long num_threads(const Group &g) { return g.num_threads(); }

} // namespace cooperative_groups

#include "cooperative_groups/reduce.h"

#endif // defined(__cplusplus) && defined(__CUDA__) && defined(__clang__)
#endif // _COOPERATIVE_GROUPS_H_
