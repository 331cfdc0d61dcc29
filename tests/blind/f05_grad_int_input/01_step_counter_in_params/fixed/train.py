import jax
import jax.numpy as jnp

from schedule import init_state, warmup


def loss(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)


def train_step(state, x, y):
    params = {"w": state["w"], "b": state["b"]}
    grads = jax.grad(loss)(params, x, y)
    lr = warmup(state["step"])
    return {
        "w": state["w"] - lr * grads["w"],
        "b": state["b"] - lr * grads["b"],
        "step": state["step"] + 1,
    }


def main(steps=20):
    x = jax.random.normal(jax.random.key(0), (30, 2))
    y = x @ jnp.array([2.0, -1.0]) + 0.5
    state = init_state(2)
    for _ in range(steps):
        state = train_step(state, x, y)
    print(state)
    return state


if __name__ == "__main__":
    main()
