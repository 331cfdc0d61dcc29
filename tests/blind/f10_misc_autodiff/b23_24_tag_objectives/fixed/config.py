TRAIN = {
    "objective": "bce",
    "lr": 0.5,
    "epochs": 40,
    "tags": ["jazz", "rock", "vocal", "acoustic", "live"],
}
EVAL = {"metrics": ["hamming", "bce"]}
