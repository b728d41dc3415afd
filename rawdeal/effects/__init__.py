"""Card effects: typed objects (`model`), compiled from printed text (`compiler`), rendered back (`render`)."""
