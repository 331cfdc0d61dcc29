import jax
import jax.numpy as jnp

from factorization import reconstruction_error


def main(rank=2, steps=3):
    key_r, key_u, key_v, key_m = jax.random.split(jax.random.key(7), 4)
    ratings = jax.random.uniform(key_r, (5, 4)) * 5
    mask = (jax.random.uniform(key_m, (5, 4)) > 0.3).astype(jnp.float32)
    factors = (jax.random.normal(key_u, (5, rank)), jax.random.normal(key_v, (rank, 4)))
    step = jax.jit(jax.value_and_grad(reconstruction_error))
    for _ in range(steps):
        err, (gu, gv) = step(factors, ratings, mask)
        factors = (factors[0] - 0.05 * gu, factors[1] - 0.05 * gv)
    print("error", err)
    return float(err)


if __name__ == "__main__":
    main()
