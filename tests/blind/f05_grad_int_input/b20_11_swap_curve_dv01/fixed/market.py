"""Par swap quotes as they come from the rates desk's end-of-day file (in basis points)."""
import jax.numpy as jnp

EOD_QUOTES = """tenor_years,par_rate_bp
1,452
2,431
3,418
5,405
7,401
10,399
"""


def load_quotes(text=EOD_QUOTES):
    rows = [line.split(",") for line in text.strip().splitlines()[1:]]
    tenors = jnp.asarray([float(t) for t, _ in rows])
    quotes_bp = jnp.asarray([float(q) for _, q in rows])
    return tenors, quotes_bp
