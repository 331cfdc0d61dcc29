"""Log-utility portfolio weights with numerically safe custom derivatives."""
