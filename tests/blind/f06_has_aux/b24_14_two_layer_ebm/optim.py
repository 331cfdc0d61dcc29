"""Plain gradient descent with an optional auxiliary output."""
import jax


def gradient_descent(objective, theta, lr=0.05, steps=300, has_aux=False):
    value_and_grad = jax.jit(jax.value_and_grad(objective, has_aux=has_aux))
    aux = None
    for _ in range(steps):
        if has_aux:
            (value, aux), g = value_and_grad(theta)
        else:
            value, g = value_and_grad(theta)
        theta = theta - lr * g
    return theta, value, aux
