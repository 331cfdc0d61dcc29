"""Market snapshot loaded from the desk's settings (normally parsed from YAML)."""
import jax.numpy as jnp

SNAPSHOT = {
    "spots": [100, 105, 98, 120],
    "vols": [0.2, 0.25, 0.18, 0.3],
    "rate": 0.03,
}


def load_market(snapshot=SNAPSHOT):
    return {
        "spot": jnp.asarray(snapshot["spots"]),
        "vol": jnp.asarray(snapshot["vols"]),
        "rate": jnp.asarray(snapshot["rate"]),
    }
