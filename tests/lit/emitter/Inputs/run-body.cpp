// Instantiates one kernel body of a generated file (given with -include) for compile-only tests:
// the bodies are static inline, so a compiler emits nothing for them unless something calls them.
// -DP2M_BODY=<kernel>_body names the body.
extern "C" void run(constant uchar *params, constant uchar *module, threadgroup uchar *smem,
                    p2m_builtins b)
{
    P2M_BODY(params, module, smem, b);
}
