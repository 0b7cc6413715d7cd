// Placeholder: the in-process benchmark driver (see Benchmarks/README.md).
print("limelight-bench: not written yet")
