from siamese.encoder import Encoder
from siamese.losses import contrastive_pair_loss, batch_contrastive

__all__ = ["Encoder", "contrastive_pair_loss", "batch_contrastive"]
