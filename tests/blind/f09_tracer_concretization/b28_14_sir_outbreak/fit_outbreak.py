# 1978 English boarding-school influenza outbreak: fit beta and gamma.
import jax
import jax.numpy as jnp

from sir import simulate

BEDRIDDEN = jnp.array([3, 8, 26, 76, 225, 298, 258, 233, 189, 128, 68, 29, 14, 4], jnp.float32)
N_DAYS = BEDRIDDEN.shape[0]


def loss(theta):
    pred = simulate(theta[0], theta[1], N_DAYS)
    return jnp.mean((jnp.log1p(pred) - jnp.log1p(BEDRIDDEN)) ** 2)


def main():
    theta = jnp.log(jnp.array([1.5, 0.5]))
    grad_fn = jax.value_and_grad(loss)
    for it in range(300):
        val, g = grad_fn(theta)
        theta = theta - 0.1 * g
        if it % 100 == 0:
            print(f"iter {it}: loss {float(val):.4f}")
    beta, gamma = jnp.exp(theta)
    print(f"beta={float(beta):.3f}  gamma={float(gamma):.3f}  R0={float(beta / gamma):.2f}")
    return theta


if __name__ == "__main__":
    main()
