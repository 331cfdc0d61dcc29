import jax
import jax.numpy as jnp

from sim import flight


def miss_distance(launch, drag, n_steps, target):
    return jnp.sum((flight(launch, drag, n_steps) - target) ** 2)


def aim(target, n_steps, iters=20, lr=0.05):
    launch = jnp.array([5.0, 5.0])
    for _ in range(iters):
        launch = launch - lr * jax.grad(miss_distance)(launch, 0.05, n_steps, target)
    return launch


def main():
    n_steps = jnp.array(100)
    launch = aim(jnp.array([4.0, 0.0]), n_steps)
    print(launch)
    return launch


if __name__ == "__main__":
    main()
