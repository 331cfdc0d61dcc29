import jax
import jax.numpy as jnp

from losses import huber

DELTA = 1.0


def predict(theta, t):
    return theta[0] + theta[1] * t


def robust_objective(theta, t, obs):
    return jnp.mean(huber(predict(theta, t), obs, DELTA))


def main(iters=20):
    t = jnp.linspace(0.0, 1.0, 12)
    obs = 2.0 * t + 0.5
    obs = obs.at[3].set(9.0)  # an outlier
    theta = jnp.zeros(2)
    step = jax.jit(jax.grad(robust_objective))
    for _ in range(iters):
        theta = theta - 0.5 * step(theta, t, obs)
    print("theta", theta)
    return theta


if __name__ == "__main__":
    main()
