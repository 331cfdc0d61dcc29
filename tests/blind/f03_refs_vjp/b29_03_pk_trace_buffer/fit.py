import jax
import jax.numpy as jnp

from pk_model import TwoCompartmentPK

SAMPLE_STEPS = jnp.array([5, 10, 20, 40, 60, 90, 119])


def observed(model):
    true_theta = jnp.log(jnp.array([1.2, 0.15, 0.3, 0.1]))
    return model.simulate(true_theta)[SAMPLE_STEPS] * 1.03


def misfit(theta, model, data):
    pred = model.simulate(theta)[SAMPLE_STEPS]
    return jnp.mean((jnp.log(pred) - jnp.log(data)) ** 2)


def calibrate(model, data, iters=10, lr=0.2):
    theta = jnp.log(jnp.array([1.0, 0.1, 0.2, 0.2]))
    grad_fn = jax.value_and_grad(misfit)
    for _ in range(iters):
        loss, g = grad_fn(theta, model, data)
        theta = theta - lr * g
    return theta, loss


def main():
    model = TwoCompartmentPK()
    data = observed(model)
    theta, loss = calibrate(model, data)
    print("misfit", float(loss), "rates", jnp.exp(theta))
    print("last logged state", model.recorder.as_array()[-1])


if __name__ == "__main__":
    main()
