// The lock-step printer on the CFG shapes clang produces: branches,
// short-circuits, switch fall-through, early return, for/while/do loops,
// continue and break, nested loops, goto out of a loop, return from a loop,
// a break out of two loops, an endless loop left by return, a switch in a
// loop. The same order, loops and predicates on LLVM 19 and 22. (use() is
// defined elsewhere, so each kernel also says it is incomplete: not shown.)
//
// RUN: %cuda_device -O0 -g -fno-discard-value-names -emit-llvm -Xclang -disable-llvm-passes -S -o %t.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-lockstep>' -disable-output %t.ll 2>&1 \
// RUN:   | grep -v -e '^  value' -e '^incomplete' | FileCheck %s

__device__ void use(int);

__global__ void straight(int *a) { a[threadIdx.x] = 1; }

__global__ void if_then(int *a, int n) {
  if (n > 0)
    use(1);
  use(2);
}

__global__ void if_else(int *a, int n) {
  if (threadIdx.x < n)
    use(1);
  else
    use(2);
  use(3);
}

__global__ void and_then(int n) {
  if (threadIdx.x < n && n > 4)
    use(1);
}

__global__ void or_then(int n) {
  if (threadIdx.x < n || n > 4)
    use(1);
}

__global__ void fallthrough(int n) {
  switch (n) {
  case 1:
    use(1);
  case 2:
    use(2);
    break;
  default:
    use(3);
  }
  use(4);
}

__global__ void early_return(int n) {
  if (threadIdx.x >= n)
    return;
  use(1);
}

__global__ void for_loop(int n) {
  for (int i = 0; i < n; ++i)
    use(i);
}

__global__ void while_break_continue(int n) {
  int i = 0;
  while (i < n) {
    i++;
    if (i == 3)
      continue;
    if (i == 7)
      break;
    use(i);
  }
  use(0);
}

__global__ void do_while(int n) {
  int i = 0;
  do {
    use(i);
  } while (++i < n);
}

__global__ void nested(int n, int m) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      use(i + j);
}

__global__ void goto_exit(int n) {
  for (int i = 0; i < n; ++i) {
    if (i == threadIdx.x)
      goto out;
    use(i);
  }
  use(-1);
out:
  use(-2);
}

__global__ void return_in_loop(int n) {
  for (int i = 0; i < n; ++i) {
    if (i == threadIdx.x)
      return;
    use(i);
  }
  use(-1);
}

__global__ void break_two(int n, int m) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      if (i * j == 12)
        goto done;
      use(j);
    }
done:
  use(0);
}

__global__ void forever(int n) {
  for (int i = 0;; ++i) {
    if (i == n)
      return;
    use(i);
  }
}

__global__ void switch_in_loop(int n) {
  for (int i = 0; i < n; ++i) {
    switch (i % 4) {
    case 0: use(0); break;
    case 1: continue;
    default: use(2);
    }
    use(i);
  }
}

// CHECK-LABEL: lockstep of kernel 'straight': 1 block, 0 loops, 0 barriers; block size symbolic
// CHECK-NEXT: order: entry
// CHECK-NEXT: block entry
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   end
// CHECK-LABEL: lockstep of kernel 'if_then': 3 blocks, 0 loops, 0 barriers; block size symbolic
// CHECK-NEXT: order: entry if.then if.end
// CHECK-NEXT: block entry
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   branch n > 0 : grid-uniform -> if.then if.end
// CHECK-NEXT: block if.then
// CHECK-NEXT:   pred n > 0 : grid-uniform
// CHECK-NEXT:   goto if.end
// CHECK-NEXT: block if.end
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   end
// CHECK-LABEL: lockstep of kernel 'if_else': 4 blocks, 0 loops, 0 barriers; block size symbolic
// CHECK-NEXT: order: entry if.then if.else if.end
// CHECK-NEXT: block entry
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   branch threadIdx.x < n : divergent -> if.then if.else
// CHECK-NEXT: block if.then
// CHECK-NEXT:   pred threadIdx.x < n : divergent
// CHECK-NEXT:   goto if.end
// CHECK-NEXT: block if.else
// CHECK-NEXT:   pred threadIdx.x >= n : divergent
// CHECK-NEXT:   goto if.end
// CHECK-NEXT: block if.end
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   end
// CHECK-LABEL: lockstep of kernel 'and_then': 3 blocks, 0 loops, 0 barriers; block size symbolic
// CHECK-NEXT: order: entry if.then if.end
// CHECK-NEXT: block entry
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   branch threadIdx.x < n && n > 4 : divergent -> if.then if.end
// CHECK-NEXT: block if.then
// CHECK-NEXT:   pred threadIdx.x < n && n > 4 : divergent
// CHECK-NEXT:   goto if.end
// CHECK-NEXT: block if.end
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   end
// CHECK-LABEL: lockstep of kernel 'or_then': 3 blocks, 0 loops, 0 barriers; block size symbolic
// CHECK-NEXT: order: entry if.then if.end
// CHECK-NEXT: block entry
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   branch threadIdx.x < n || n > 4 : divergent -> if.then if.end
// CHECK-NEXT: block if.then
// CHECK-NEXT:   pred threadIdx.x < n || n > 4 : divergent
// CHECK-NEXT:   goto if.end
// CHECK-NEXT: block if.end
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   end
// CHECK-LABEL: lockstep of kernel 'fallthrough': 5 blocks, 0 loops, 0 barriers; block size symbolic
// CHECK-NEXT: order: entry sw.bb sw.bb1 sw.default sw.epilog
// CHECK-NEXT: block entry
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   switch n : grid-uniform -> sw.default sw.bb sw.bb1
// CHECK-NEXT: block sw.bb
// CHECK-NEXT:   pred n == 1 : grid-uniform
// CHECK-NEXT:   goto sw.bb1
// CHECK-NEXT: block sw.bb1
// CHECK-NEXT:   pred n == 1 || n == 2 : grid-uniform
// CHECK-NEXT:   goto sw.epilog
// CHECK-NEXT: block sw.default
// CHECK-NEXT:   pred n != 1 && n != 2 : grid-uniform
// CHECK-NEXT:   goto sw.epilog
// CHECK-NEXT: block sw.epilog
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   end
// CHECK-LABEL: lockstep of kernel 'early_return': 3 blocks, 0 loops, 0 barriers; block size symbolic
// CHECK-NEXT: order: entry if.end return
// CHECK-NEXT: block entry
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   branch threadIdx.x < n : divergent -> if.end return
// CHECK-NEXT: block if.end
// CHECK-NEXT:   pred threadIdx.x < n : divergent
// CHECK-NEXT:   goto return
// CHECK-NEXT: block return
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   end
// CHECK-LABEL: lockstep of kernel 'for_loop': 4 blocks, 1 loop, 0 barriers; block size symbolic
// CHECK-NEXT: order: entry for.cond for.body for.end
// CHECK-NEXT: loop L1: header for.cond, last for.body, depth 1, latches for.body, exits for.cond->for.end, exit grid-uniform
// CHECK-NEXT:   entry true
// CHECK-NEXT:   leave i == max(n, 0)
// CHECK-NEXT: block entry
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   goto for.cond
// CHECK-NEXT: block for.cond in L1 (header)
// CHECK-NEXT:   pred active(L1) : grid-uniform
// CHECK-NEXT:   branch i != max(n, 0) : grid-uniform -> for.body for.end
// CHECK-NEXT: block for.body in L1
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) : grid-uniform
// CHECK-NEXT:   goto for.cond
// CHECK-NEXT: back L1 -> for.cond
// CHECK-NEXT: block for.end
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   end
// CHECK-LABEL: lockstep of kernel 'while_break_continue': 6 blocks, 1 loop, 0 barriers; block size symbolic
// CHECK-NEXT: order: entry while.cond while.body if.end4 while.cond.backedge while.end
// CHECK-NEXT: loop L1: header while.cond, last while.cond.backedge, depth 1, latches while.cond.backedge, exits while.cond->while.end while.body->while.end, exit grid-uniform
// CHECK-NEXT:   entry true
// CHECK-NEXT:   leave i >= n || (i < n && i == 6)
// CHECK-NEXT: block entry
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   goto while.cond
// CHECK-NEXT: block while.cond in L1 (header)
// CHECK-NEXT:   pred active(L1) : grid-uniform
// CHECK-NEXT:   branch i < n : grid-uniform -> while.body while.end
// CHECK-NEXT: block while.body in L1
// CHECK-NEXT:   pred active(L1) && i < n : grid-uniform
// CHECK-NEXT:   switch i : grid-uniform -> if.end4 while.cond.backedge while.end
// CHECK-NEXT: block if.end4 in L1
// CHECK-NEXT:   pred active(L1) && i < n && i != 2 && i != 6 : grid-uniform
// CHECK-NEXT:   goto while.cond.backedge
// CHECK-NEXT: block while.cond.backedge in L1
// CHECK-NEXT:   pred active(L1) && i < n && i != 6 : grid-uniform
// CHECK-NEXT:   goto while.cond
// CHECK-NEXT: back L1 -> while.cond
// CHECK-NEXT: block while.end
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   end
// CHECK-LABEL: lockstep of kernel 'do_while': 3 blocks, 1 loop, 0 barriers; block size symbolic
// CHECK-NEXT: order: entry do.body do.end
// CHECK-NEXT: loop L1: header do.body, last do.body, depth 1, latches do.body, exits do.body->do.end, exit grid-uniform
// CHECK-NEXT:   entry true
// CHECK-NEXT:   leave i + 1 == max(n, 1)
// CHECK-NEXT: block entry
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   goto do.body
// CHECK-NEXT: block do.body in L1 (header)
// CHECK-NEXT:   pred active(L1) : grid-uniform
// CHECK-NEXT:   branch i + 1 != max(n, 1) : grid-uniform -> do.body do.end
// CHECK-NEXT: back L1 -> do.body
// CHECK-NEXT: block do.end
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   end
// CHECK-LABEL: lockstep of kernel 'nested': 7 blocks, 2 loops, 0 barriers; block size symbolic
// CHECK-NEXT: order: entry for.cond for.cond1.preheader for.cond1 for.body3 for.inc4 for.end6
// CHECK-NEXT: loop L1: header for.cond, last for.inc4, depth 1, latches for.inc4, exits for.cond->for.end6, exit grid-uniform
// CHECK-NEXT:   entry true
// CHECK-NEXT:   leave i == max(n, 0)
// CHECK-NEXT: loop L2: header for.cond1, last for.body3, depth 2, in L1, latches for.body3, exits for.cond1->for.inc4, exit grid-uniform
// CHECK-NEXT:   entry active(L1) && i != max(n, 0)
// CHECK-NEXT:   leave j == max(m, 0)
// CHECK-NEXT: block entry
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   goto for.cond
// CHECK-NEXT: block for.cond in L1 (header)
// CHECK-NEXT:   pred active(L1) : grid-uniform
// CHECK-NEXT:   branch i != max(n, 0) : grid-uniform -> for.cond1.preheader for.end6
// CHECK-NEXT: block for.cond1.preheader in L1
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) : grid-uniform
// CHECK-NEXT:   goto for.cond1
// CHECK-NEXT: block for.cond1 in L2 (header)
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) && active(L2) : grid-uniform
// CHECK-NEXT:   branch j != max(m, 0) : grid-uniform -> for.body3 for.inc4
// CHECK-NEXT: block for.body3 in L2
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) && active(L2) && j != max(m, 0) : grid-uniform
// CHECK-NEXT:   goto for.cond1
// CHECK-NEXT: back L2 -> for.cond1
// CHECK-NEXT: block for.inc4 in L1
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) : grid-uniform
// CHECK-NEXT:   goto for.cond
// CHECK-NEXT: back L1 -> for.cond
// CHECK-NEXT: block for.end6
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   end
// CHECK-LABEL: lockstep of kernel 'goto_exit': 7 blocks, 1 loop, 0 barriers; block size symbolic
// CHECK-NEXT: order: entry for.cond for.body if.end for.end out.loopexit out
// CHECK-NEXT: loop L1: header for.cond, last if.end, depth 1, latches if.end, exits for.cond->for.end for.body->out.loopexit, exit divergent
// CHECK-NEXT:   entry true
// CHECK-NEXT:   leave i == max(n, 0) || (i != max(n, 0) && i == threadIdx.x)
// CHECK-NEXT: block entry
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   goto for.cond
// CHECK-NEXT: block for.cond in L1 (header)
// CHECK-NEXT:   pred active(L1) : divergent
// CHECK-NEXT:   branch i != max(n, 0) : grid-uniform -> for.body for.end
// CHECK-NEXT: block for.body in L1
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) : divergent
// CHECK-NEXT:   branch i == threadIdx.x : divergent -> out.loopexit if.end
// CHECK-NEXT: block if.end in L1
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) && i != threadIdx.x : divergent
// CHECK-NEXT:   goto for.cond
// CHECK-NEXT: back L1 -> for.cond
// CHECK-NEXT: block for.end
// CHECK-NEXT:   pred left(L1 -> for.end) : divergent
// CHECK-NEXT:   goto out
// CHECK-NEXT: block out.loopexit
// CHECK-NEXT:   pred left(L1 -> out.loopexit) : divergent
// CHECK-NEXT:   goto out
// CHECK-NEXT: block out
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   end
// CHECK-LABEL: lockstep of kernel 'return_in_loop': 7 blocks, 1 loop, 0 barriers; block size symbolic
// CHECK-NEXT: order: entry for.cond for.body if.end for.end return.loopexit return
// CHECK-NEXT: loop L1: header for.cond, last if.end, depth 1, latches if.end, exits for.cond->for.end for.body->return.loopexit, exit divergent
// CHECK-NEXT:   entry true
// CHECK-NEXT:   leave i == max(n, 0) || (i != max(n, 0) && i == threadIdx.x)
// CHECK-NEXT: block entry
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   goto for.cond
// CHECK-NEXT: block for.cond in L1 (header)
// CHECK-NEXT:   pred active(L1) : divergent
// CHECK-NEXT:   branch i != max(n, 0) : grid-uniform -> for.body for.end
// CHECK-NEXT: block for.body in L1
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) : divergent
// CHECK-NEXT:   branch i == threadIdx.x : divergent -> return.loopexit if.end
// CHECK-NEXT: block if.end in L1
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) && i != threadIdx.x : divergent
// CHECK-NEXT:   goto for.cond
// CHECK-NEXT: back L1 -> for.cond
// CHECK-NEXT: block for.end
// CHECK-NEXT:   pred left(L1 -> for.end) : divergent
// CHECK-NEXT:   goto return
// CHECK-NEXT: block return.loopexit
// CHECK-NEXT:   pred left(L1 -> return.loopexit) : divergent
// CHECK-NEXT:   goto return
// CHECK-NEXT: block return
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   end
// CHECK-LABEL: lockstep of kernel 'break_two': 10 blocks, 2 loops, 0 barriers; block size symbolic
// CHECK-NEXT: order: entry for.cond for.cond1.preheader for.cond1 for.body3 if.end for.inc5 done.loopexit done.loopexit6 done
// CHECK-NEXT: loop L1: header for.cond, last for.inc5, depth 1, latches for.inc5, exits for.cond->done.loopexit6 for.body3->done.loopexit, exit grid-uniform
// CHECK-NEXT:   entry true
// CHECK-NEXT:   leave i == max(n, 0) || (i != max(n, 0) && left(L2 -> done.loopexit))
// CHECK-NEXT: loop L2: header for.cond1, last if.end, depth 2, in L1, latches if.end, exits for.cond1->for.inc5 for.body3->done.loopexit, exit grid-uniform
// CHECK-NEXT:   entry active(L1) && i != max(n, 0)
// CHECK-NEXT:   leave j == max(m, 0) || (j != max(m, 0) && i * j == 12)
// CHECK-NEXT: block entry
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   goto for.cond
// CHECK-NEXT: block for.cond in L1 (header)
// CHECK-NEXT:   pred active(L1) : grid-uniform
// CHECK-NEXT:   branch i != max(n, 0) : grid-uniform -> for.cond1.preheader done.loopexit6
// CHECK-NEXT: block for.cond1.preheader in L1
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) : grid-uniform
// CHECK-NEXT:   goto for.cond1
// CHECK-NEXT: block for.cond1 in L2 (header)
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) && active(L2) : grid-uniform
// CHECK-NEXT:   branch j != max(m, 0) : grid-uniform -> for.body3 for.inc5
// CHECK-NEXT: block for.body3 in L2
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) && active(L2) && j != max(m, 0) : grid-uniform
// CHECK-NEXT:   branch i * j == 12 : grid-uniform -> done.loopexit if.end
// CHECK-NEXT: block if.end in L2
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) && active(L2) && j != max(m, 0) && i * j != 12 : grid-uniform
// CHECK-NEXT:   goto for.cond1
// CHECK-NEXT: back L2 -> for.cond1
// CHECK-NEXT: block for.inc5 in L1
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) && left(L2 -> for.inc5) : grid-uniform
// CHECK-NEXT:   goto for.cond
// CHECK-NEXT: back L1 -> for.cond
// CHECK-NEXT: block done.loopexit
// CHECK-NEXT:   pred left(L1 -> done.loopexit) : grid-uniform
// CHECK-NEXT:   goto done
// CHECK-NEXT: block done.loopexit6
// CHECK-NEXT:   pred left(L1 -> done.loopexit6) : grid-uniform
// CHECK-NEXT:   goto done
// CHECK-NEXT: block done
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   end
// CHECK-LABEL: lockstep of kernel 'forever': 4 blocks, 1 loop, 0 barriers; block size symbolic
// CHECK-NEXT: order: entry for.cond if.end if.then
// CHECK-NEXT: loop L1: header for.cond, last if.end, depth 1, latches if.end, exits for.cond->if.then, exit grid-uniform
// CHECK-NEXT:   entry true
// CHECK-NEXT:   leave i == n
// CHECK-NEXT: block entry
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   goto for.cond
// CHECK-NEXT: block for.cond in L1 (header)
// CHECK-NEXT:   pred active(L1) : grid-uniform
// CHECK-NEXT:   branch i == n : grid-uniform -> if.then if.end
// CHECK-NEXT: block if.end in L1
// CHECK-NEXT:   pred active(L1) && i != n : grid-uniform
// CHECK-NEXT:   goto for.cond
// CHECK-NEXT: back L1 -> for.cond
// CHECK-NEXT: block if.then
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   end
// CHECK-LABEL: lockstep of kernel 'switch_in_loop': 8 blocks, 1 loop, 0 barriers; block size symbolic
// CHECK-NEXT: order: entry for.cond for.body sw.bb sw.default sw.epilog for.inc for.end
// CHECK-NEXT: loop L1: header for.cond, last for.inc, depth 1, latches for.inc, exits for.cond->for.end, exit grid-uniform
// CHECK-NEXT:   entry true
// CHECK-NEXT:   leave i == max(n, 0)
// CHECK-NEXT: block entry
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   goto for.cond
// CHECK-NEXT: block for.cond in L1 (header)
// CHECK-NEXT:   pred active(L1) : grid-uniform
// CHECK-NEXT:   branch i != max(n, 0) : grid-uniform -> for.body for.end
// CHECK-NEXT: block for.body in L1
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) : grid-uniform
// CHECK-NEXT:   switch i % 4 : grid-uniform -> sw.default sw.bb for.inc
// CHECK-NEXT: block sw.bb in L1
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) && i % 4 == 0 : grid-uniform
// CHECK-NEXT:   goto sw.epilog
// CHECK-NEXT: block sw.default in L1
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) && i % 4 != 0 && i % 4 != 1 : grid-uniform
// CHECK-NEXT:   goto sw.epilog
// CHECK-NEXT: block sw.epilog in L1
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) && i % 4 != 1 : grid-uniform
// CHECK-NEXT:   goto for.inc
// CHECK-NEXT: block for.inc in L1
// CHECK-NEXT:   pred active(L1) && i != max(n, 0) : grid-uniform
// CHECK-NEXT:   goto for.cond
// CHECK-NEXT: back L1 -> for.cond
// CHECK-NEXT: block for.end
// CHECK-NEXT:   pred true : grid-uniform
// CHECK-NEXT:   end
