/* A QEMU TCG plugin that counts the guest instructions a program executes (all threads) and prints
 * "guest_insns N" to stderr at exit; with the argument tbs=FILE it also writes, per translated block,
 * "start_address instructions executions" to FILE (where the instructions go: map the addresses with the
 * binary's symbols). tools/arm_bench.sh --insns builds it and runs each engine twice with
 * different loop counts: the difference per loop is the instructions of one inference, a figure that, unlike
 * qemu's wall time, depends neither on the machine's load nor on how qemu's software floating point treats
 * the operands.
 * Built against QEMU's plugin ABI version 1 (QEMU 7.2, Debian 12), declared here: Debian ships no header.
 *   gcc -shared -fPIC -O2 insn_count.c -o libinsn_count.so
 *   qemu-aarch64 -plugin ./libinsn_count.so PROGRAM ... */
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct qemu_info_t qemu_info_t;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb* tb);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void* userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb* tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb* tb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb* tb, enum qemu_plugin_op op, void* ptr,
                                              uint64_t imm);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void* userdata);

#define EXPORT __attribute__((visibility("default")))
EXPORT int qemu_plugin_version = 1;

/* One counter for all threads: the inline add is not atomic, so figures of a multi-threaded run are a lower
 * bound; compare engines at 1 thread. */
static uint64_t insns;

/* tbs=FILE: one record per translation, never freed (the inline adds write into it until exit). */
struct Block {
  uint64_t vaddr, n_insns, executions;
  struct Block* next;
};
static struct Block* blocks;
static const char* tbs_file;

static void OnTranslate(qemu_plugin_id_t id, struct qemu_plugin_tb* tb) {
  (void)id;
  const size_t n = qemu_plugin_tb_n_insns(tb);
  qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &insns, n);
  if (!tbs_file) return;
  struct Block* b = calloc(1, sizeof *b);
  if (!b) return;
  b->vaddr = qemu_plugin_tb_vaddr(tb);
  b->n_insns = n;
  b->next = blocks;
  blocks = b;
  qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &b->executions, 1);
}

static void WriteBlocks(void) {
  FILE* f = fopen(tbs_file, "w");
  if (!f) {
    fprintf(stderr, "insn_count: cannot write %s\n", tbs_file);
    return;
  }
  for (const struct Block* b = blocks; b; b = b->next)
    if (b->executions) fprintf(f, "%" PRIx64 " %" PRIu64 " %" PRIu64 "\n", b->vaddr, b->n_insns, b->executions);
  fclose(f);
}

static void OnExit(qemu_plugin_id_t id, void* userdata) {
  (void)id;
  (void)userdata;
  fprintf(stderr, "guest_insns %" PRIu64 "\n", insns);
  if (tbs_file) WriteBlocks();
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t* info, int argc, char** argv) {
  (void)info;
  for (int i = 0; i < argc; ++i)
    if (strncmp(argv[i], "tbs=", 4) == 0) tbs_file = argv[i] + 4;
  qemu_plugin_register_vcpu_tb_trans_cb(id, OnTranslate);
  qemu_plugin_register_atexit_cb(id, OnExit, NULL);
  return 0;
}
