/* ir.h - parses the hand-written IR of a unit test (exits on error). */
#ifndef MAPCOST_TEST_IR_H
#define MAPCOST_TEST_IR_H

#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static LLVMModuleRef parse_ir(LLVMContextRef ctx, const char *ir) {
  LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy(ir, strlen(ir), "k.ll");
  LLVMModuleRef m = NULL;
  char *msg = NULL;
  if (LLVMParseIRInContext(ctx, mb, &m, &msg)) {
    fprintf(stderr, "parse error: %s\n", msg);
    exit(1);
  }
  return m;
}

#endif
