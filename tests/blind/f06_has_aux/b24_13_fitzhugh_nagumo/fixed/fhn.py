"""FitzHugh-Nagumo membrane model, integrated with forward Euler."""
import jax
import jax.numpy as jnp


class FitzHughNagumo:
    def __init__(self, dt=0.05, n_steps=300, stimulus=0.5):
        self.dt = dt
        self.n_steps = n_steps
        self.stimulus = stimulus

    def simulate(self, params):
        a, b, eps = params["a"], params["b"], params["eps"]

        def step(state, _):
            v, w = state
            dv = v - v**3 / 3.0 - w + self.stimulus
            dw = eps * (v + a - b * w)
            state = (v + self.dt * dv, w + self.dt * dw)
            return state, state[0]

        _, trace = jax.lax.scan(step, (jnp.float32(-1.0), jnp.float32(-0.5)), None,
                                length=self.n_steps)
        return trace

    def loss(self, params, recorded):
        trace = self.simulate(params)
        mse = jnp.mean((trace - recorded) ** 2)
        stats = {"peak_mv": jnp.max(trace), "rest_mv": jnp.min(trace)}
        return mse, {**stats, "trace": trace}
