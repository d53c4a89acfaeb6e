package energyfloor

import (
	"math"
	"math/bits"

	"github.com/shopspring/decimal"
)

// This file holds the one operation every derived figure is made of, a
// product over a product, with a fast path in 128-bit integers for the common
// case (positive operands with coefficients of at most 18 digits), so a full
// ranking allocates little. It gives exactly what the decimal package gives
// for the same rounding place: the tests compare the two.

// QuotientDigits is the precision of every division in the calculation: a
// quotient keeps at least QuotientDigits-1 significant digits (16), rounded
// half away from zero. That is far below anything displayed; rounding for
// people happens only in the Format functions.
const QuotientDigits = 17

// pow10u holds 10^0 … 10^19, the powers of ten that fit in a uint64.
var pow10u = func() (p [20]uint64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

var one = decimal.NewFromInt(1)

// quo returns x×y/(z×w) for positive operands, rounded half away from zero at
// the decimal place quotientPlaces chooses: exactly
// x.Mul(y).DivRound(z.Mul(w), quotientPlaces(x, y, z, w)).
func quo(x, y, z, w decimal.Decimal) decimal.Decimal {
	places := quotientPlaces(x, y, z, w)
	if q, ok := quo128(x, y, z, w, places, false); ok {
		return q
	}
	return x.Mul(y).DivRound(z.Mul(w), places)
}

// ceilQuo returns x/(z×w) rounded up to a whole number, for positive
// operands.
func ceilQuo(x, z, w decimal.Decimal) decimal.Decimal {
	if q, ok := quo128(x, one, z, w, 0, true); ok {
		return q
	}
	q, r := x.QuoRem(z.Mul(w), 0)
	if r.Sign() > 0 {
		q = q.Add(one)
	}
	return q
}

// quotientPlaces returns the decimal place at which x×y/(z×w) is rounded so
// that it keeps QuotientDigits significant digits, give or take one, judged
// from the operands' magnitudes alone (so both paths of quo agree).
func quotientPlaces(x, y, z, w decimal.Decimal) int32 {
	return QuotientDigits - 1 - (magnitude(x) + magnitude(y) - magnitude(z) - magnitude(w))
}

// coefficient64 returns d's coefficient when d is positive and the
// coefficient has at most 18 digits.
func coefficient64(d decimal.Decimal) (uint64, bool) {
	if d.Sign() <= 0 || d.NumDigits() > 18 {
		return 0, false
	}
	return uint64(d.CoefficientInt64()), true
}

// quo128 computes x×y/(z×w) at places decimal places, rounded half away from
// zero or, with ceil, up, in 128-bit integers. ok is false when an operand is
// not positive or a coefficient, an intermediate or the result does not fit.
func quo128(x, y, z, w decimal.Decimal, places int32, ceil bool) (q decimal.Decimal, ok bool) {
	a, okA := coefficient64(x)
	b, okB := coefficient64(y)
	c1, okC := coefficient64(z)
	c2, okD := coefficient64(w)
	if !okA || !okB || !okC || !okD {
		return q, false
	}
	ch, c := bits.Mul64(c1, c2)
	if ch != 0 || c > math.MaxInt64 {
		return q, false
	}
	// x×y/(z×w) = a×b×10^(ex+ey-ez-ew)/c, so at places decimal places the
	// quotient is a×b×10^k/c.
	k := int(x.Exponent()) + int(y.Exponent()) - int(z.Exponent()) - int(w.Exponent()) + int(places)
	if k < 0 {
		return q, false
	}
	hi, lo := bits.Mul64(a, b)
	for k > 0 {
		s := min(k, 19)
		if hi, lo, ok = mul128(hi, lo, pow10u[s]); !ok {
			return q, false
		}
		k -= s
	}
	if hi >= c { // the quotient would not fit in 64 bits
		return q, false
	}
	qlo, r := bits.Div64(hi, lo, c)
	if ceil && r > 0 || !ceil && r >= c-r { // c-r ≤ r: twice the remainder reaches c
		qlo++
	}
	if qlo > math.MaxInt64 {
		return q, false
	}
	return decimal.New(int64(qlo), -places), true
}

// mul128 returns (hi, lo)×m, ok false on overflow.
func mul128(hi, lo, m uint64) (uint64, uint64, bool) {
	h1, l1 := bits.Mul64(lo, m)
	h2, l2 := bits.Mul64(hi, m)
	if h2 != 0 {
		return 0, 0, false
	}
	h, carry := bits.Add64(h1, l2, 0)
	if carry != 0 {
		return 0, 0, false
	}
	return h, l1, true
}
