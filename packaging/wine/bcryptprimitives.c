/* Wine 8.0 (Debian 12) lacks bcryptprimitives.dll, which Rust's std calls
   for random bytes (ProcessPrng). A stand-in for checking under Wine only. */
#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG chunk = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!SystemFunction036(data, chunk)) return FALSE;
        data += chunk; len -= chunk;
    }
    return TRUE;
}
