"""The balance lab: many whole games with automated players, summed up with error bars."""
