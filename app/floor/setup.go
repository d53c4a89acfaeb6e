package floor

// TokenSetup is how a token configuration is served: its GPUs, their
// tensor, data and expert parallelism, the weight precision and vLLM's
// max_num_seqs. The dataset's rows (data.Row) and the report's
// configurations (ReportConfiguration) embed it, so both write these JSON
// names from this one definition.
type TokenSetup struct {
	GPU            string `json:"gpu"`
	NumGPUs        int    `json:"num_gpus"`
	TensorParallel int    `json:"tensor_parallel"`
	DataParallel   int    `json:"data_parallel"`
	ExpertParallel int    `json:"expert_parallel"`
	Precision      string `json:"precision"`
	MaxNumSeqs     int    `json:"max_num_seqs"`
}

// DiffusionSetup is how a diffusion configuration is served: its GPUs,
// their Ulysses and ring sequence parallelism, the weight precision and
// the batch generated together. The dataset's rows (data.DiffusionRow) and
// the report's configurations embed it, as TokenSetup.
type DiffusionSetup struct {
	GPU           string `json:"gpu"`
	NumGPUs       int    `json:"num_gpus"`
	UlyssesDegree int    `json:"ulysses_degree"`
	RingDegree    int    `json:"ring_degree"`
	Precision     string `json:"precision"`
	BatchSize     int    `json:"batch_size"`
}
