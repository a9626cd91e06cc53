// libgmp for Swift: the header, and wrappers for the function-like macros
// Swift cannot import.
#include <gmp.h>
#include <stdlib.h>

static inline int cgmp_sgn(const __mpz_struct *z) { return mpz_sgn(z); }
static inline int cgmp_size(const __mpz_struct *z) { return z->_mp_size; }
static inline mp_limb_t cgmp_limb(const __mpz_struct *z, int i) { return z->_mp_d[i]; }
