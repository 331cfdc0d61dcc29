from nnkit.ops.activations import smooth_clip
from nnkit.model import init_mlp, mlp_apply

__all__ = ["smooth_clip", "init_mlp", "mlp_apply"]
