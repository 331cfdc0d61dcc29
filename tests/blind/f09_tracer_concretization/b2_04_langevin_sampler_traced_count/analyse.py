import jax
import jax.numpy as jnp

from langevin import sample_chain


def main(n=500):
    xs = sample_chain(jax.random.key(0), n, 0.05)
    frac_right = float(jnp.mean(xs[:, 0] > 0))
    print("samples", xs.shape, "right well", frac_right)
    return xs


if __name__ == "__main__":
    main()
