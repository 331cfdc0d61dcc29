import jax.numpy as jnp

from reactor import calibrate, simulate


def synthetic_run():
    x0 = jnp.array([0.05, 0.08])
    s0 = jnp.array([10.0, 6.0])
    observed = simulate(jnp.float32(1.8), x0, s0, 24)
    return x0, s0, observed


def main():
    x0, s0, observed = synthetic_run()
    k_s = calibrate(jnp.float32(4.0), x0, s0, observed)
    print("K_s estimate:", float(k_s))


if __name__ == "__main__":
    main()
