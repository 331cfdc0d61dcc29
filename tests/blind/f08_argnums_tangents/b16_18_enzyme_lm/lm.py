"""Levenberg-Marquardt with a Jacobian assembled from jax.linearize."""
import jax
import jax.numpy as jnp

from problem import Problem, probe_directions


class LevenbergMarquardt:
    def __init__(self, problem: Problem, damping=1e-2):
        self.problem = problem
        self.damping = damping

    def jacobian(self, params):
        r, f_jvp = jax.linearize(self.problem.residual, params)
        columns = [f_jvp(e) for e in probe_directions(self.problem)]
        return r, jnp.stack(columns, axis=1)

    def step(self, params):
        r, jac = self.jacobian(params)
        jtj = jac.T @ jac
        lhs = jtj + self.damping * jnp.diag(jnp.diag(jtj))
        delta = jnp.linalg.solve(lhs, -jac.T @ r)
        return params + delta, 0.5 * jnp.sum(r**2)

    def run(self, params, n_iter):
        for _ in range(n_iter):
            params, cost = self.step(params)
        return params, cost
