import jax
import jax.numpy as jnp

import optim


def rosenbrock(params):
    x, y = params[0], params[1]
    return (1 - x) ** 2 + 100 * (y - x**2) ** 2


@jax.jit
def step(state):
    value, grads = jax.value_and_grad(rosenbrock)(state.params)
    return optim.adam_update(state, grads), value


def main(iters=200):
    state = optim.init(jnp.array([-1.0, 1.0]))
    for _ in range(iters):
        state, value = step(state)
    print(state.params, value)
    return float(value)


if __name__ == "__main__":
    main()
