target triple = "x86_64-unknown-linux-gnu"
define ptx_kernel void @looks_like_a_kernel(ptr %p) {
  store i32 0, ptr %p
  ret void
}
