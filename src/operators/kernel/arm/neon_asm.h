// Pieces of the aarch64 inline assembly shared by the SGEMM and Winograd micro-kernels (sgemm_neon.cpp,
// winograd_neon.cpp): a tile row's 4 accumulators in v(4r)..v(4r+3), rows 0-5 in v0-v23, B's 4 vectors in
// v24-v27, A's values as lanes of other registers ("v28.s[0]").
#pragma once

#if defined(__aarch64__)
#define EMBER_ASM_ZERO_ROWS4                                                                                \
  "movi v0.4s, #0\n movi v1.4s, #0\n movi v2.4s, #0\n movi v3.4s, #0\n movi v4.4s, #0\n movi v5.4s, #0\n"  \
  "movi v6.4s, #0\n movi v7.4s, #0\n movi v8.4s, #0\n movi v9.4s, #0\n movi v10.4s, #0\n movi v11.4s, #0\n" \
  "movi v12.4s, #0\n movi v13.4s, #0\n movi v14.4s, #0\n movi v15.4s, #0\n"
#define EMBER_ASM_ZERO_ROWS6 \
  EMBER_ASM_ZERO_ROWS4 "movi v16.4s, #0\n movi v17.4s, #0\n movi v18.4s, #0\n movi v19.4s, #0\n movi v20.4s, #0\n" \
                       "movi v21.4s, #0\n movi v22.4s, #0\n movi v23.4s, #0\n"
// Row (c0..c3) += B * lane a.
#define EMBER_ASM_FMLA_ROW(c0, c1, c2, c3, a) \
  "fmla " c0 ".4s, v24.4s, " a "\n"           \
  "fmla " c1 ".4s, v25.4s, " a "\n"           \
  "fmla " c2 ".4s, v26.4s, " a "\n"           \
  "fmla " c3 ".4s, v27.4s, " a "\n"
#define EMBER_ASM_FMLA_ROWS4(a0, a1, a2, a3)                                                       \
  EMBER_ASM_FMLA_ROW("v0", "v1", "v2", "v3", a0) EMBER_ASM_FMLA_ROW("v4", "v5", "v6", "v7", a1) \
  EMBER_ASM_FMLA_ROW("v8", "v9", "v10", "v11", a2) EMBER_ASM_FMLA_ROW("v12", "v13", "v14", "v15", a3)
#define EMBER_ASM_FMLA_ROWS6(a0, a1, a2, a3, a4, a5) \
  EMBER_ASM_FMLA_ROWS4(a0, a1, a2, a3)               \
  EMBER_ASM_FMLA_ROW("v16", "v17", "v18", "v19", a4) EMBER_ASM_FMLA_ROW("v20", "v21", "v22", "v23", a5)
// Stores rows 0-3 (0-5) to c, c + ldc, ... (operands %[c] and %[ldc], in bytes).
#define EMBER_ASM_STORE_ROWS4                                \
  "st1 {v0.4s, v1.4s, v2.4s, v3.4s}, [%[c]], %[ldc]\n"     \
  "st1 {v4.4s, v5.4s, v6.4s, v7.4s}, [%[c]], %[ldc]\n"     \
  "st1 {v8.4s, v9.4s, v10.4s, v11.4s}, [%[c]], %[ldc]\n"   \
  "st1 {v12.4s, v13.4s, v14.4s, v15.4s}, [%[c]], %[ldc]\n"
#define EMBER_ASM_STORE_ROWS6                                        \
  EMBER_ASM_STORE_ROWS4 "st1 {v16.4s, v17.4s, v18.4s, v19.4s}, [%[c]], %[ldc]\n" \
                        "st1 {v20.4s, v21.4s, v22.4s, v23.4s}, [%[c]], %[ldc]\n"
#define EMBER_ASM_B_LOAD "ld1 {v24.4s, v25.4s, v26.4s, v27.4s}, [%[b]], %[ldb]\n"
#define EMBER_ASM_CLOBBER_ROWS4 \
  "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15"
#define EMBER_ASM_CLOBBER_ROWS6 EMBER_ASM_CLOBBER_ROWS4, "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23"
#define EMBER_ASM_CLOBBER_B "v24", "v25", "v26", "v27"
#endif
