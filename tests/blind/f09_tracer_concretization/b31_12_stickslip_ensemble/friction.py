"""Rate-weakening friction law for a spring-block fault model."""
import jax.numpy as jnp

V_STICK = 1e-4  # m/s, below this the block is considered stuck


def friction_force(v, pull, normal, mu_s=0.6, mu_d=0.4, v_c=0.05):
    """Friction on the block for slip rate v and applied (spring) force pull."""
    if jnp.abs(v) < V_STICK:
        # static regime: friction balances the pull up to the static limit
        return -jnp.clip(pull, -mu_s * normal, mu_s * normal)
    mu = mu_d + (mu_s - mu_d) / (1.0 + jnp.abs(v) / v_c)
    return -mu * normal * jnp.sign(v)
