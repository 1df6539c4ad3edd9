# x86 SIMD kernels: sets EMBER_X86_SRCS (sources added to the ember library). Empty until the x86 kernels land.
set(EMBER_X86_SRCS "")
