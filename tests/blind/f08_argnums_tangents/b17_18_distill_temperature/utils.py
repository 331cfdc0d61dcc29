"""Small helpers shared by the distillation scripts."""
import jax


def grads_of(fn, argnums, *args, **kwargs):
    """Value and gradients of `fn` with respect to the positional arguments in `argnums`."""
    return jax.value_and_grad(fn, argnums=argnums)(*args, **kwargs)


def sgd(tree, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, tree, grads)
