import jax
import jax.numpy as jnp

import learn_noise
from config import CONFIG


def test_one_gradient_step():
    ys = learn_noise.simulate(jax.random.PRNGKey(1), CONFIG)
    params = {"log_q": jax.new_ref(jnp.zeros(2)), "log_r": jax.new_ref(jnp.zeros(1))}
    grads = learn_noise.grad_buffers(params, CONFIG)
    _, f_vjp = jax.vjp(lambda q, r: learn_noise.filter_nll(q, r, ys), params["log_q"], params["log_r"])
    f_vjp.with_refs(grads["log_q"], grads["log_r"])(1.0)
    assert jnp.isfinite(grads["log_r"][...]).all()
