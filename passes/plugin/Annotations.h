//===- Annotations.h - keep runtime/mapcost.h's calls through the clone ---===//
//
// The annotations of runtime/mapcost.h and runtime/gpuverify.h are empty
// static always-inline functions; the canonicalising pipeline would inline
// them away. lowerAnnotations() turns each of them into a declaration named
// `mapcost.<kind>` (include/mapcost/facts.h lists the kinds): statements
// touch only inaccessible memory, so no pass removes or moves them; values
// (uniform, distinct, other) are pure and may be speculated, so they stay
// inside the condition they are part of. Every call keeps its arguments
// and debug location, and stage 1 reads them as facts.
//
//===----------------------------------------------------------------------===//
#ifndef MAPCOST_PLUGIN_ANNOTATIONS_H
#define MAPCOST_PLUGIN_ANNOTATIONS_H

namespace llvm {
class Module;
}

namespace mapcost {

// Rewrites the annotation functions of M (the private clone, before the
// canonicalising pipeline). Returns the number of functions rewritten.
unsigned lowerAnnotations(llvm::Module &M);

} // namespace mapcost

#endif
