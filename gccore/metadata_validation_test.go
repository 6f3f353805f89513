package gccore

import (
	"math/rand/v2"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// randomName is a string near the DNS-1123 shapes: mostly allowed characters, some that
// are not, lengths around the 63 and 253 bounds now and then.
func randomName(r *rand.Rand) string {
	const chars = "abz09-.-.A_ \n/é"
	n := r.IntN(8)
	switch r.IntN(6) {
	case 0:
		n = 61 + r.IntN(4)
	case 1:
		n = 251 + r.IntN(4)
	}
	var b strings.Builder
	for i := 0; i < n; i++ {
		if r.IntN(4) > 0 {
			b.WriteByte("abc019"[r.IntN(6)]) // keep long strings plausible
			continue
		}
		b.WriteString(string([]rune(chars)[r.IntN(len([]rune(chars)))]))
	}
	return b.String()
}

// sameDNSVerdicts fails when the hand-written checks and apimachinery's disagree on s.
func sameDNSVerdicts(t *testing.T, s string) {
	t.Helper()
	if got, want := isDNS1123Label(s), len(utilvalidation.IsDNS1123Label(s)) == 0; got != want {
		t.Fatalf("isDNS1123Label(%q) = %v, apimachinery says %v", s, got, want)
	}
	if got, want := isDNS1123Subdomain(s), len(utilvalidation.IsDNS1123Subdomain(s)) == 0; got != want {
		t.Fatalf("isDNS1123Subdomain(%q) = %v, apimachinery says %v", s, got, want)
	}
}

// TestDNS1123MatchesApimachinery: the checks behind metaSurelyValid (API-2 names, API-6
// namespaces) give apimachinery's verdict on every string tried.
func TestDNS1123MatchesApimachinery(t *testing.T) {
	for _, s := range []string{"", "a", "-", "a-", "-a", "a.b", "a..b", ".a", "a.", "a-.b", "a.-b",
		"cm-0", "A", "a_b", "a\n", strings.Repeat("a", 63), strings.Repeat("a", 64),
		strings.Repeat("a", 253), strings.Repeat("a", 254), strings.Repeat("a.", 126) + "a"} {
		sameDNSVerdicts(t, s)
	}
	r := rand.New(rand.NewPCG(3, 4))
	valid := 0
	for i := 0; i < 50000; i++ {
		s := randomName(r)
		sameDNSVerdicts(t, s)
		if isDNS1123Subdomain(s) {
			valid++
		}
	}
	if valid < 5000 {
		t.Fatalf("only %d of 50000 random names are subdomains: the valid side is not exercised", valid)
	}
}

func FuzzDNS1123(f *testing.F) {
	for _, s := range []string{"cm-0", "a.b-c", "a..b", "-a", strings.Repeat("a", 64)} {
		f.Add(s)
	}
	f.Fuzz(sameDNSVerdicts)
}

// TestMetaSurelyValidAgrees: metadata that metaSurelyValid passes has no error from
// apimachinery's ValidateObjectMeta, and the common case does pass it.
func TestMetaSurelyValidAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	pick := func(s ...string) string { return s[r.IntN(len(s))] }
	sure := 0
	for i := 0; i < 50000; i++ {
		m := metav1.ObjectMeta{Name: pick("cm-1", "a.b", "", "Bad", randomName(r)), Namespace: pick("", "default", "a.b", randomName(r))}
		if r.IntN(10) == 0 {
			m.GenerateName = pick("x-", "x")
		}
		if r.IntN(10) == 0 {
			m.Generation = int64(r.IntN(3) - 1)
		}
		if r.IntN(10) == 0 {
			m.Labels = map[string]string{"a": "b"}
		}
		if r.IntN(10) == 0 {
			m.Finalizers = []string{pick("example.com/x", "x")}
		}
		for j := r.IntN(4); j > 0; j-- {
			yes := r.IntN(3) == 0
			m.OwnerReferences = append(m.OwnerReferences, metav1.OwnerReference{
				APIVersion: pick("v1", "apps/v1", "", "/", "a/", "a/b/c", "/v1"),
				Kind:       pick("ConfigMap", "Event", ""),
				Name:       pick("o", ""),
				UID:        types.UID(pick("u", "")),
				Controller: &yes,
			})
		}
		namespaced, isNamespace := r.IntN(2) == 0, r.IntN(4) == 0
		if !metaSurelyValid(&m, namespaced, isNamespace) {
			continue
		}
		sure++
		nameFn := validation.NameIsDNSSubdomain
		if isNamespace {
			nameFn = validation.ValidateNamespaceName
		}
		if errs := validation.ValidateObjectMeta(&m, namespaced, nameFn, field.NewPath("metadata")); len(errs) > 0 {
			t.Fatalf("metaSurelyValid passed %+v (namespaced %v, namespace kind %v), apimachinery says %v", m, namespaced, isNamespace, errs)
		}
	}
	if sure < 500 {
		t.Fatalf("metaSurelyValid passed only %d of 50000: it is not exercised", sure)
	}
}
