"""Fit SEIR rates to a synthetic prevalence curve."""
import jax
import jax.numpy as jnp

from epi import SEIRParams, SolverConfig, simulate


def misfit(p, cfg, y0, observed):
    return jnp.mean((jnp.log1p(1e4 * simulate(p, cfg, y0)) - jnp.log1p(1e4 * observed)) ** 2)


@jax.jit
def update(p, cfg, y0, observed, lr=0.05):
    value, grads = jax.value_and_grad(misfit)(p, cfg, y0, observed)
    return jax.tree.map(lambda a, g: a - lr * g, p, grads), value


def main():
    cfg = SolverConfig()
    y0 = jnp.array([0.999, 0.0, 0.001, 0.0])
    truth = SEIRParams(jnp.log(0.45), jnp.log(0.2), jnp.log(0.1))
    observed = simulate(truth, cfg, y0)
    p = SEIRParams(jnp.log(0.3), jnp.log(0.25), jnp.log(0.12))
    for _ in range(20):
        p, value = update(p, cfg, y0, observed)
    print("R0", float(jnp.exp(p.log_beta - p.log_gamma)), "misfit", float(value))


if __name__ == "__main__":
    main()
