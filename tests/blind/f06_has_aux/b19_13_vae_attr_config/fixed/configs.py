"""Experiment configs in the attribute-access style of ml_collections."""


class AttrConfig(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as e:
            raise AttributeError(name) from e

    def __setattr__(self, name, value):
        self[name] = value


def get_config():
    cfg = AttrConfig()
    cfg.seed = 0
    cfg.model = AttrConfig(d_in=8, latent=2, hidden=16)
    cfg.loss = AttrConfig()
    cfg.loss.name = "neg_elbo"
    cfg.loss.beta = 1.0
    cfg.loss.has_aux = True
    cfg.optim = AttrConfig(lr=0.01, steps=20, batch=32)
    return cfg
