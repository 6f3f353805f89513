package gccore

import (
	"k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// metaSurelyValid reports metadata that apimachinery's ValidateObjectMeta (API-2, API-6)
// surely passes, checked without its regexps: a DNS-1123 name and namespace, owner
// references with their required fields, no labels, annotations, finalizers, managed
// fields or generateName. It is the common case of a large scenario, where the regexps
// were a tenth of `gcplay sim`'s time (docs/benchmarks.md). False means "not sure": the
// caller then runs apimachinery's validation, which gives the verdict and the messages.
// nameIsLabel is for Namespaces, whose name is a DNS-1123 label (ValidateNamespaceName).
func metaSurelyValid(m *metav1.ObjectMeta, namespaced, nameIsLabel bool) bool {
	if m.GenerateName != "" || m.Generation < 0 || len(m.Labels) > 0 || len(m.Annotations) > 0 ||
		len(m.Finalizers) > 0 || len(m.ManagedFields) > 0 {
		return false
	}
	if nameIsLabel && !isDNS1123Label(m.Name) || !nameIsLabel && !isDNS1123Subdomain(m.Name) {
		return false
	}
	if namespaced != (m.Namespace != "") || namespaced && !isDNS1123Label(m.Namespace) {
		return false
	}
	controllers := 0
	for _, ref := range m.OwnerReferences {
		if ref.Kind == "" || ref.Name == "" || ref.UID == "" || ref.APIVersion == "" {
			return false
		}
		gv, err := schema.ParseGroupVersion(ref.APIVersion)
		if err != nil || gv.Version == "" {
			return false
		}
		if _, banned := validation.BannedOwners[gv.WithKind(ref.Kind)]; banned {
			return false
		}
		if ref.Controller != nil && *ref.Controller {
			controllers++
		}
	}
	return controllers <= 1
}

// isDNS1123Label is validation.IsDNS1123Label without errors: 1 to 63 lower-case
// letters, digits and '-', starting and ending with a letter or digit
// (TestDNS1123MatchesApimachinery compares the verdicts).
func isDNS1123Label(s string) bool {
	return len(s) <= 63 && isLabelShape(s)
}

// isDNS1123Subdomain is validation.IsDNS1123Subdomain without errors: at most 253
// characters, labels of any length (as its pattern has) joined by dots.
func isDNS1123Subdomain(s string) bool {
	if len(s) > 253 {
		return false
	}
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '.' {
			if !isLabelShape(s[start:i]) {
				return false
			}
			start = i + 1
		}
	}
	return true
}

// isLabelShape is the pattern [a-z0-9]([-a-z0-9]*[a-z0-9])? with no length bound.
func isLabelShape(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}
