import jax
import jax.numpy as jnp

from sim import flight


def miss_distance(launch, drag, n_steps, target):
    return jnp.sum((flight(launch, drag, n_steps) - target) ** 2)


def aim(target, n_steps, iters=20, lr=0.05):
    grad_fn = jax.jit(jax.grad(miss_distance), static_argnums=2)
    launch = jnp.array([5.0, 5.0])
    for _ in range(iters):
        launch = launch - lr * grad_fn(launch, 0.05, n_steps, target)
    return launch


def main():
    launch = aim(jnp.array([4.0, 0.0]), 100)
    print(launch)
    return launch


if __name__ == "__main__":
    main()
