"""Natural-gradient steps with the empirical Fisher built from the Jacobian."""
import jax
import jax.numpy as jnp

from model import create, predict


def nll(weights, x, y):
    p = predict(weights, x)
    return -jnp.mean(y * jnp.log(p + 1e-7) + (1 - y) * jnp.log(1 - p + 1e-7))


def natural_step(state, x, y, lr=0.5, damping=1e-3):
    p = predict(state.weights, x)
    J = jax.jacrev(predict)(state.weights, x)
    fisher = (J * (1.0 / (p * (1 - p) + 1e-7))[:, None]).T @ J / x.shape[0]
    g = jax.grad(nll)(state.weights[...], x, y)
    direction = jnp.linalg.solve(fisher + damping * jnp.eye(fisher.shape[0]), g)
    state.weights[...] -= lr * direction
    state.steps += 1


def main():
    x = jax.random.normal(jax.random.PRNGKey(0), (200, 3))
    y = (x @ jnp.array([1.5, -1.0, 0.5]) > 0).astype(jnp.float32)
    state = create(3)
    for _ in range(10):
        natural_step(state, x, y)
    loss = float(nll(state.weights[...], x, y))
    print("steps", state.steps, "nll", loss)
    return loss


if __name__ == "__main__":
    main()
