/* prelude/texture.h - textures: legacy references and texture objects.
 *
 * Part of the mapcost prelude. A texture fetch is an opaque read: its
 * value comes from a volatile inline asm without memory operands, so the
 * analysis sees an unknown value and no access to any array (textures are
 * read-only while a kernel runs, so they cannot race). Legacy texture
 * references (texture<T, dim, mode>, removed in CUDA 12) are accepted at
 * file scope as nvcc accepted them; texture objects (cudaTextureObject_t)
 * are kernel parameters, as with the SDK.
 */
#ifndef MAPCOST_PRELUDE_TEXTURE_H
#define MAPCOST_PRELUDE_TEXTURE_H

#pragma clang system_header

enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
enum cudaTextureAddressMode {
  cudaAddressModeWrap = 0, cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2, cudaAddressModeBorder = 3,
};
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaChannelFormatKind {
  cudaChannelFormatKindSigned = 0, cudaChannelFormatKindUnsigned = 1,
  cudaChannelFormatKindFloat = 2, cudaChannelFormatKindNone = 3,
};
enum cudaResourceType {
  cudaResourceTypeArray = 0, cudaResourceTypeMipmappedArray = 1,
  cudaResourceTypeLinear = 2, cudaResourceTypePitch2D = 3,
};
#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03

struct cudaChannelFormatDesc {
  int x, y, z, w;
  enum cudaChannelFormatKind f;
};

typedef unsigned long long cudaTextureObject_t;

struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  int __reserved[15];
};

struct cudaResourceDesc {
  enum cudaResourceType resType;
  union {
    struct { cudaArray_t array; } array;
    struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
    struct {
      void *devPtr; struct cudaChannelFormatDesc desc;
      size_t width, height, pitchInBytes;
    } pitch2D;
  } res;
};

struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
};

/* A legacy texture reference. The attribute makes a file-scope texture
 * usable from device code, as nvcc allowed. */
template <class T, int dim = 1, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture : public textureReference {
  __host__ texture(int norm = 0, enum cudaTextureFilterMode fMode = cudaFilterModePoint,
                   enum cudaTextureAddressMode aMode = cudaAddressModeClamp) {
    normalized = norm;
    filterMode = fMode;
    addressMode[0] = addressMode[1] = addressMode[2] = aMode;
  }
};

/* ---- Opaque values ---------------------------------------------------------- */
/* mov from %clock: valid PTX, a value the compiler cannot know. volatile: two
 * fetches are two unknown values. */
static __device__ __forceinline__ unsigned int __mapcost_opaque_u32(void) {
  unsigned int r;
  __asm__ __volatile__("mov.u32 %0, %%clock; // mapcost: opaque value" : "=r"(r));
  return r;
}

/* An opaque value of any texel type: scalars and CUDA vector types. */
template <class T> struct __mapcost_opaque;
#define MAPCOST_OPAQUE_SCALAR(T)                                               \
  template <> struct __mapcost_opaque<T> {                                     \
    static __device__ __forceinline__ T get(void) {                            \
      return (T)__mapcost_opaque_u32();                                        \
    }                                                                          \
  };
MAPCOST_OPAQUE_SCALAR(char)
MAPCOST_OPAQUE_SCALAR(signed char)
MAPCOST_OPAQUE_SCALAR(unsigned char)
MAPCOST_OPAQUE_SCALAR(short)
MAPCOST_OPAQUE_SCALAR(unsigned short)
MAPCOST_OPAQUE_SCALAR(int)
MAPCOST_OPAQUE_SCALAR(unsigned int)
#undef MAPCOST_OPAQUE_SCALAR
template <> struct __mapcost_opaque<float> {
  static __device__ __forceinline__ float get(void) {
    return __builtin_bit_cast(float, __mapcost_opaque_u32());
  }
};
#define MAPCOST_OPAQUE_VECTOR(N, T)                                            \
  template <> struct __mapcost_opaque<N##1> {                                  \
    static __device__ __forceinline__ N##1 get(void) {                         \
      N##1 v; v.x = __mapcost_opaque<T>::get(); return v;                      \
    }                                                                          \
  };                                                                           \
  template <> struct __mapcost_opaque<N##2> {                                  \
    static __device__ __forceinline__ N##2 get(void) {                         \
      N##2 v; v.x = __mapcost_opaque<T>::get(); v.y = __mapcost_opaque<T>::get(); \
      return v;                                                                \
    }                                                                          \
  };                                                                           \
  template <> struct __mapcost_opaque<N##4> {                                  \
    static __device__ __forceinline__ N##4 get(void) {                         \
      N##4 v; v.x = __mapcost_opaque<T>::get(); v.y = __mapcost_opaque<T>::get(); \
      v.z = __mapcost_opaque<T>::get(); v.w = __mapcost_opaque<T>::get();      \
      return v;                                                                \
    }                                                                          \
  };
MAPCOST_OPAQUE_VECTOR(char, signed char)
MAPCOST_OPAQUE_VECTOR(uchar, unsigned char)
MAPCOST_OPAQUE_VECTOR(short, short)
MAPCOST_OPAQUE_VECTOR(ushort, unsigned short)
MAPCOST_OPAQUE_VECTOR(int, int)
MAPCOST_OPAQUE_VECTOR(uint, unsigned int)
MAPCOST_OPAQUE_VECTOR(float, float)
#undef MAPCOST_OPAQUE_VECTOR

/* What a fetch returns: the element type, or float (of the same vector
 * width) for cudaReadModeNormalizedFloat. */
template <class T, enum cudaTextureReadMode mode> struct __mapcost_texel { typedef T type; };
#define MAPCOST_NORMALIZED(T, F)                                               \
  template <> struct __mapcost_texel<T, cudaReadModeNormalizedFloat> { typedef F type; };
MAPCOST_NORMALIZED(char, float) MAPCOST_NORMALIZED(signed char, float)
MAPCOST_NORMALIZED(unsigned char, float) MAPCOST_NORMALIZED(short, float)
MAPCOST_NORMALIZED(unsigned short, float)
MAPCOST_NORMALIZED(char1, float1) MAPCOST_NORMALIZED(uchar1, float1)
MAPCOST_NORMALIZED(short1, float1) MAPCOST_NORMALIZED(ushort1, float1)
MAPCOST_NORMALIZED(char2, float2) MAPCOST_NORMALIZED(uchar2, float2)
MAPCOST_NORMALIZED(short2, float2) MAPCOST_NORMALIZED(ushort2, float2)
MAPCOST_NORMALIZED(char4, float4) MAPCOST_NORMALIZED(uchar4, float4)
MAPCOST_NORMALIZED(short4, float4) MAPCOST_NORMALIZED(ushort4, float4)
#undef MAPCOST_NORMALIZED

/* ---- Legacy texture references ---------------------------------------------- */
#define MAPCOST_TEXREF_FETCH(NAME, DIM, ...)                                   \
  template <class T, enum cudaTextureReadMode M>                               \
  static __device__ __forceinline__ typename __mapcost_texel<T, M>::type NAME( \
      const texture<T, DIM, M> &, __VA_ARGS__) {                              \
    return __mapcost_opaque<typename __mapcost_texel<T, M>::type>::get();      \
  }
MAPCOST_TEXREF_FETCH(tex1Dfetch, 1, int x)
MAPCOST_TEXREF_FETCH(tex1D, 1, float x)
MAPCOST_TEXREF_FETCH(tex2D, 2, float x, float y)
MAPCOST_TEXREF_FETCH(tex3D, 3, float x, float y, float z)
MAPCOST_TEXREF_FETCH(tex1DLayered, 0xF1, float x, int layer)
MAPCOST_TEXREF_FETCH(tex2DLayered, 0xF2, float x, float y, int layer)
#undef MAPCOST_TEXREF_FETCH

/* ---- Texture objects ---------------------------------------------------------- */
template <class T>
static __device__ __forceinline__ T tex1Dfetch(cudaTextureObject_t, int) {
  return __mapcost_opaque<T>::get();
}
template <class T>
static __device__ __forceinline__ T tex1D(cudaTextureObject_t, float) {
  return __mapcost_opaque<T>::get();
}
template <class T>
static __device__ __forceinline__ T tex2D(cudaTextureObject_t, float, float) {
  return __mapcost_opaque<T>::get();
}
template <class T>
static __device__ __forceinline__ T tex3D(cudaTextureObject_t, float, float, float) {
  return __mapcost_opaque<T>::get();
}
template <class T>
static __device__ __forceinline__ T tex2DLayered(cudaTextureObject_t, float, float, int) {
  return __mapcost_opaque<T>::get();
}
template <class T>
static __device__ __forceinline__ void tex1Dfetch(T *out, cudaTextureObject_t, int) {
  *out = __mapcost_opaque<T>::get();
}
template <class T>
static __device__ __forceinline__ void tex2D(T *out, cudaTextureObject_t, float, float) {
  *out = __mapcost_opaque<T>::get();
}

/* ---- Host API ------------------------------------------------------------------- */
template <class T> static __inline__ __host__ struct cudaChannelFormatDesc cudaCreateChannelDesc(void) {
  struct cudaChannelFormatDesc d = {8 * (int)sizeof(T), 0, 0, 0, cudaChannelFormatKindFloat};
  return d;
}
extern "C" {
struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f);
cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height = 0, unsigned int flags = 0);
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset,
                              const void *src, size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                const void *src, size_t spitch, size_t width,
                                size_t height, cudaMemcpyKind kind);
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *tex,
                                    const struct cudaResourceDesc *res,
                                    const struct cudaTextureDesc *desc,
                                    const void *view);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t tex);
cudaError_t cudaUnbindTexture(const struct textureReference *ref);
}
template <class T, int dim, enum cudaTextureReadMode M>
static __inline__ __host__ cudaError_t cudaBindTexture(size_t *offset, const texture<T, dim, M> &t,
                                                       const void *devPtr, size_t size = ~(size_t)0) {
  return cudaSuccess;
}
template <class T, int dim, enum cudaTextureReadMode M>
static __inline__ __host__ cudaError_t cudaBindTexture2D(size_t *offset, const texture<T, dim, M> &t,
                                                         const void *devPtr, size_t width,
                                                         size_t height, size_t pitch) {
  return cudaSuccess;
}
template <class T, int dim, enum cudaTextureReadMode M>
static __inline__ __host__ cudaError_t cudaBindTextureToArray(const texture<T, dim, M> &t,
                                                              cudaArray_const_t array) {
  return cudaSuccess;
}
template <class T, int dim, enum cudaTextureReadMode M>
static __inline__ __host__ cudaError_t cudaUnbindTexture(const texture<T, dim, M> &t) {
  return cudaSuccess;
}

#endif /* MAPCOST_PRELUDE_TEXTURE_H */
