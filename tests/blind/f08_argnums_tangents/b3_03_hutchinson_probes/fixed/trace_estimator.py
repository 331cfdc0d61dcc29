"""Hutchinson estimate of tr(df/dz) with Rademacher probes."""
import jax
import jax.numpy as jnp

from flows import make_layer


def hutchinson_trace(f, z, key, num_probes=64):
    probes = jax.random.rademacher(key, (num_probes, z.shape[0])).astype(z.dtype)
    _, f_jvp = jax.linearize(f, z)
    jv = jax.vmap(f_jvp)(probes)
    return jnp.mean(jnp.sum(probes * jv, axis=-1))


def main():
    u = jnp.array([0.5, -0.2, 0.1, 0.3])
    w = jnp.array([1.0, 0.5, -0.5, 0.2])
    layer = make_layer(u, w, 0.1)
    z = jnp.array([0.2, -0.1, 0.4, 0.0])
    estimate = hutchinson_trace(layer, z, jax.random.PRNGKey(0))
    exact = jnp.trace(jax.jacfwd(layer)(z))
    print("estimate", float(estimate), "exact", float(exact))
    return estimate, exact


if __name__ == "__main__":
    main()
